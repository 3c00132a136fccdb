export default function AdminHome() {
  return (
    <>
      <h1 className="text-2xl font-bold text-stone-900">Pannello di amministrazione</h1>
      <p className="mt-2 text-stone-700">Sistema operativo. Le sezioni del back office sono in arrivo.</p>
    </>
  );
}
