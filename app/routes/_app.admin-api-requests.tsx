import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { ADMIN_DENIALS, requireAdmin } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, ADMIN_DENIALS.adminRequests);
  return null;
}

export default function AdminApiRequestsPage() {
  return <PageHeader title="Gérer demandes API" />;
}

export const meta: MetaFunction = () => [{ title: "Demandes de clés API | Vigimmo" }];
