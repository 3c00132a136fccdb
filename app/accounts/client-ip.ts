/** The request header that carries the client's address, set by the HTTP server (server/main.ts) and read by better-auth and the rate limits. */
export const CLIENT_IP_HEADER = "x-zampa-client-ip";
