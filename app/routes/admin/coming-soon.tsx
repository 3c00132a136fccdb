import { ComingSoon } from "~/components/admin/coming-soon";

// The sidebar's sections still to be built (issues 17 and 18), one route id each (routes.ts).
export default function ComingSoonSection() {
  return <ComingSoon />;
}
