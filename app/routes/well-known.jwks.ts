import { publicKeys } from "~/accounts/tokens.server";

// The public keys that verify Zampa's tokens, at the conventional address; the same set as
// better-auth's /api/auth/jwks (decision 0060). Another service fetches it and caches it.
export async function loader() {
  return Response.json(await publicKeys(), {
    headers: { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" },
  });
}
