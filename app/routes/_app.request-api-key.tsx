import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { requireUser } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function RequestApiKeyPage() {
  return <PageHeader title="Demander une clé API" />;
}

export const meta: MetaFunction = () => [{ title: "Demander une clé API | Vigimmo" }];
