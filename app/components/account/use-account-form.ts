import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useActionData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import type { AccountAnswer, AccountIntent } from "~/services/account/account-forms";

/**
 * One form of /compte: conform with the form's schema in the browser, and the action's answer
 * only when it answers this form (the page holds five forms posting to the same action).
 */
export function useAccountForm<Schema extends z.ZodTypeAny>(intent: AccountIntent, schema: Schema, defaultValue?: Record<string, string>) {
  const answer = useActionData<AccountAnswer>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `account-${intent}`,
    lastResult: answer?.intent === intent ? answer.result : undefined,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return { form, fields, submitting, answer: answer?.intent === intent ? answer : undefined };
}
