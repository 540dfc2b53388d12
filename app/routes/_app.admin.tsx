import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { ADMIN_DENIALS, requireAdmin } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, ADMIN_DENIALS.admin);
  return null;
}

export default function AdminPage() {
  return <PageHeader title="Admin Dashboard" />;
}

export const meta: MetaFunction = () => [{ title: "Admin Dashboard | Vigimmo" }];
