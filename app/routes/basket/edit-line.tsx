import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, href, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import type { Route } from "./+types/edit-line";
import { ErrorSummary, ItemOptions, QuantityField } from "~/components/item-options/ItemOptions";
import { basketLineIdField, idempotencyKeyField, idField } from "~/models/form-fields.server";
import { choiceFieldId, ITEM_CHOICE_MESSAGES, type ChoiceError, type ItemChoice } from "~/models/item-choice";
import { formatPence } from "~/models/money";
import { appContext, shopperContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import * as forms from "~/styles/forms.css";
import * as styles from "~/styles/pages.css";
import { editableLine, saveLine } from "./edit-line.server";

/** The line's new size, options and quantity: the same fields as the item page's add form. */
const schema = z.object({
  sizeId: idField.optional(),
  option: z.array(idField).max(50).default([]),
  // Anything that is not a whole number counts as 0, which the choice's own check answers with its message.
  quantity: z.coerce.number().catch(0),
  idempotencyKey: idempotencyKeyField,
});

const lineIdOf = (params: { basketLineId: string }) => basketLineIdField.safeParse(params.basketLineId).data ?? null;

/** Spec 2 §7 basket/item/update from the basket: the line's choices, as it holds them now, ready to change. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const lineId = lineIdOf(params);
  const edit = lineId ? await editableLine(shopper, lineId) : null;
  if (!edit || "refused" in edit) {
    throw await redirectWithToast(context, href("/basket"), {
      kind: "error",
      message: edit?.refused ?? "This item is no longer in your basket.",
    });
  }
  return { ...edit, idempotencyKey: crypto.randomUUID() };
}

/** Saves the choice and goes back to the basket; a choice the item refuses comes back with each message at its field. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const lineId = lineIdOf(params);
  const edit = lineId ? await editableLine(shopper, lineId) : null;
  if (!edit || "refused" in edit) {
    return redirectWithToast(context, href("/basket"), {
      kind: "error",
      message: edit?.refused ?? "This item is no longer in your basket.",
    });
  }
  const submission = parseWithZod(await request.formData(), { schema });
  const next = crypto.randomUUID();
  if (submission.status !== "success") {
    const errors: ChoiceError[] = [{ field: choiceFieldId.options, message: ITEM_CHOICE_MESSAGES.unknownOption }];
    return data({ errors, choice: edit.choice, idempotencyKey: next }, 400);
  }
  const { sizeId, option, quantity, idempotencyKey } = submission.value;
  const choice: ItemChoice = { sizeId: sizeId ?? null, options: option, quantity };
  // The key makes a resubmitted save count once; a post without one (an old page) is still only a setting.
  const outcome = await saveLine(shopper, log, edit, choice, idempotencyKey ?? next);
  if (outcome.kind === "saved")
    return redirectWithToast(context, href("/basket"), { kind: "success", message: outcome.message });
  return data({ errors: outcome.errors, choice, idempotencyKey: next }, 400);
}

export default function EditBasketLine({ loaderData, actionData }: Route.ComponentProps) {
  const { item, line, symbol } = loaderData;
  const errors = actionData?.errors ?? [];
  const choice = actionData?.choice ?? loaderData.choice;
  const saving = useNavigation().state === "submitting";
  const summaryRef = useRef<HTMLDivElement>(null);

  const refused = actionData?.errors;
  useEffect(() => {
    if (refused?.length) summaryRef.current?.focus();
  }, [refused]);

  return (
    <div className={styles.page}>
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <Link to={href("/basket")}>Back to your basket</Link>
      </nav>
      <ErrorSummary errors={errors} summaryRef={summaryRef} />
      <h1 className={styles.title}>Edit {line.name}</h1>
      <p>
        In your basket: {line.quantity} × {line.variant ?? item.name}
        {item.sizes.length === 0 ? ` at ${formatPence(item.price, { symbol })} each` : ""}
      </p>
      {/* Keyed by the choice shown, so fields start again from a choice the server sends back. */}
      <Form method="post" className={styles.itemForm} noValidate key={JSON.stringify(choice)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="idempotencyKey" value={actionData?.idempotencyKey ?? loaderData.idempotencyKey} />
        <ItemOptions item={item} choice={choice} errors={errors} />
        <QuantityField quantity={choice.quantity} errors={errors} />
        <button
          type="submit"
          className={`${forms.button.primary} ${forms.buttonBlock}`}
          aria-disabled={saving || undefined}
        >
          {saving ? "Saving…" : "Save changes"}
        </button>
      </Form>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: `Edit ${loaderData.line.name} | Your basket` }] : [];
}
