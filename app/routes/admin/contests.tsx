import { ComingSoon } from "~/components/admin/coming-soon";

// Placeholder until this section is built (issue 17).
export default function Section() {
  return <ComingSoon />;
}
