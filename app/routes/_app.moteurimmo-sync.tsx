import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { ADMIN_DENIALS, requireAdmin } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, ADMIN_DENIALS.import);
  return null;
}

export default function MoteurimmoSyncPage() {
  return <PageHeader title="Import d'annonce" />;
}

export const meta: MetaFunction = () => [{ title: "Import MoteurImmo | Vigimmo" }];
