// Placeholder until the article image upload is built (issue 16).
export function action() {
  return new Response(null, { status: 404 });
}
