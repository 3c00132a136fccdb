// What a domain function answers: success with its data, or a refusal carrying the HTTP status and
// the Italian message the form shows. One type for every area (listings, contests, accounts, …).

export type Failure = { ok: false; status: number; error: string };
export type Result<T = object> = ({ ok: true } & T) | Failure;

export function fail(status: number, error: string): Failure {
  return { ok: false, status, error };
}
