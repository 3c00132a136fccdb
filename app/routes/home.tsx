import { Link } from "react-router";
import { SITE_TAGLINE } from "~/lib/site";

export default function Home() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-20 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-stone-900 sm:text-5xl">
          Tutto per il benessere dei tuoi animali
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700">{SITE_TAGLINE}: consigli dei veterinari, annunci di adozione e concorsi fotografici.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/articles" className="btn-primary">
            Leggi gli articoli
          </Link>
          <Link to="/pet-listings" className="btn-secondary">
            Scopri le adozioni
          </Link>
        </div>
      </div>
    </section>
  );
}
