import { serveFile } from "~/storage/storage.server";
import type { Route } from "./+types/uploads";

export async function loader({ params }: Route.LoaderArgs) {
  const response = await serveFile(params["*"] ?? "");
  if (!response) throw new Response("File non trovato", { status: 404 });
  return response;
}
