import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { ADMIN_DENIALS, requireAdmin } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, ADMIN_DENIALS.admin);
  return null;
}

export default function AdminPanelPage() {
  return <PageHeader title="Gestion Admin" />;
}

export const meta: MetaFunction = () => [{ title: "Gestion Admin | Vigimmo" }];
