import { useFetcher } from "react-router";
import { maxCustomTip, stepTip, tipChoices } from "~/models/basket";
import { formatPence } from "~/models/money";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import { BasketForm } from "./BasketForm";
import * as styles from "./BasketSummary.css";

export const TIP_FETCHER_KEY = "tip";

export interface TipFormProps {
  /** The tip on the basket, pence. */
  amount: number;
  tipLimitLevels: readonly number[];
  driverTipIncrement: number;
  symbol: string;
  formKey: (name: string) => string;
  /** The store's isDriverTipEmojiEnabled: each choice shows a face beside its amount. */
  emoji?: boolean;
}

/**
 * Driver tips (delivery only; spec 2 §4, §9): the business's levels as radio buttons, and a stepper for any other
 * amount in steps of driverTipIncrement. While a change is on its way the new amount shows.
 */
export function TipForm({ amount, tipLimitLevels, driverTipIncrement, symbol, formKey, emoji = false }: TipFormProps) {
  const fetcher = useFetcher({ key: TIP_FETCHER_KEY });
  const pendingAmount = Number(fetcher.formData?.get("amount"));
  const current = fetcher.formData && Number.isInteger(pendingAmount) ? pendingAmount : amount;
  const choices = tipChoices(tipLimitLevels, symbol, emoji);
  const custom = !choices.some((c) => c.amount === current);
  const max = maxCustomTip(tipLimitLevels, driverTipIncrement);
  const lower = stepTip(current, -1, driverTipIncrement, max);
  const higher = stepTip(current, 1, driverTipIncrement, max);

  return (
    <section className={styles.panel} aria-labelledby="tip-title">
      <h2 className={styles.panelTitle} id="tip-title">
        Driver tip
      </h2>
      <BasketForm fetcher={fetcher} intent="tip" idempotencyKey={formKey(`tip-choice-${amount}`)}>
        <fieldset className={f.fieldset}>
          <legend className={f.legend}>Tip your driver</legend>
          <p className={f.hint}>All of your tip goes to your driver.</p>
          <div className={styles.tipChoices}>
            {choices.map((choice) => (
              <label key={`${choice.amount}-${current}`} className={styles.tipChoice}>
                <input type="radio" name="amount" value={choice.amount} defaultChecked={choice.amount === current} />
                {choice.emoji ? (
                  <span aria-hidden="true" className={styles.tipEmoji}>
                    {choice.emoji}
                  </span>
                ) : null}
                {choice.label}
              </label>
            ))}
            {custom ? (
              <label key={`custom-${current}`} className={styles.tipChoice}>
                <input type="radio" name="amount" value={current} defaultChecked />
                {formatPence(current, { symbol })} (your amount)
              </label>
            ) : null}
          </div>
        </fieldset>
        <button type="submit" className={f.button.secondary}>
          Update tip
        </button>
      </BasketForm>
      <div className={styles.tipCustom} role="group" aria-labelledby="tip-custom-label">
        <span id="tip-custom-label">
          Another amount: <strong>{formatPence(current, { symbol })}</strong>
        </span>
        <span className={styles.stepper}>
          <BasketForm
            fetcher={fetcher}
            intent="tip"
            idempotencyKey={formKey(`tip-step-${lower}`)}
            className={styles.stepperForm}
          >
            <input type="hidden" name="amount" value={lower} />
            <button type="submit" className={styles.stepperButton} disabled={lower === current}>
              <span aria-hidden="true">−</span>
              <span className={visuallyHidden}>Lower the tip to {formatPence(lower, { symbol })}</span>
            </button>
          </BasketForm>
          <BasketForm
            fetcher={fetcher}
            intent="tip"
            idempotencyKey={formKey(`tip-step-${higher}`)}
            className={styles.stepperForm}
          >
            <input type="hidden" name="amount" value={higher} />
            <button type="submit" className={styles.stepperButton} disabled={higher === current}>
              <span aria-hidden="true">+</span>
              <span className={visuallyHidden}>Raise the tip to {formatPence(higher, { symbol })}</span>
            </button>
          </BasketForm>
        </span>
      </div>
    </section>
  );
}
