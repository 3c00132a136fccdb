import { Outlet } from "react-router";

// Placeholder until the SEO manager's tabs are built (issue 17).
export default function SeoLayout() {
  return <Outlet />;
}
