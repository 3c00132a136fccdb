import { useRouteLoaderData } from "react-router";
import type { loader as layoutLoader } from "./layout";

export const meta = () => [{ title: "La mia dashboard — Zampa" }];

export default function Dashboard() {
  const data = useRouteLoaderData<typeof layoutLoader>("routes/dashboard/layout");
  return (
    <>
      <h1 className="text-3xl font-bold text-stone-900">Benvenuto, {data?.user.fullName}</h1>
      <p className="mt-2 text-stone-700">Da qui gestirai i tuoi annunci, le tue partecipazioni ai concorsi e il tuo profilo.</p>
    </>
  );
}
