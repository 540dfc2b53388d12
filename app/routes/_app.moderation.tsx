import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { requireUser } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function ModerationPage() {
  return <PageHeader title="Modération IA" />;
}

export const meta: MetaFunction = () => [{ title: "Modération IA | Vigimmo" }];
