import { config } from "~/config.server";
import { securityHeaders, type SecurityHeaders } from "./content-security-policy";

/** The security headers for this configuration, made once by the HTTP server at start-up (server/main.ts). */
export function siteSecurityHeaders(): SecurityHeaders {
  const { publicUrl, mapTilesUrl, s3, oidc } = config();
  return securityHeaders({ publicUrl, mapTilesUrl, s3PublicUrl: s3?.publicUrl, oidcIssuer: oidc?.issuer });
}
