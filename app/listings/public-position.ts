// Where the public sees a listing on a map (decision 0089): the position the owner picked, rounded to
// two decimals (about 1 km), so that the pin shows the neighbourhood and not the house. Only the
// owner and the admins see the exact point. Client-safe; the SQL form is in cards.server.ts.

export const PUBLIC_POSITION_DECIMALS = 2;

const factor = 10 ** PUBLIC_POSITION_DECIMALS;

/** Half away from zero, as PostgreSQL's round(numeric) does. */
const round = (value: number) => (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;

export function publicPosition(lat: number, lng: number): { lat: number; lng: number } {
  return { lat: round(lat), lng: round(lng) };
}
