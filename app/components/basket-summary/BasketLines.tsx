import { href as routeHref, Link, useFetcher } from "react-router";
import type { BasketLine } from "#contract/basket";
import { formatPence } from "~/models/money";
import { visuallyHidden } from "~/styles/global.css";
import { BasketForm } from "./BasketForm";
import * as styles from "./BasketSummary.css";
import { itemPath } from "~/models/store-paths";

/** The line's stepper and remove forms share this fetcher key, so a quick second click supersedes the first. */
export const lineFetcherKey = (basketLineId: string) => `line-${basketLineId}`;

export interface LineView extends BasketLine {
  /** Shown at a quantity still on its way to the platform. */
  pending: boolean;
}

export interface BasketLinesProps {
  lines: LineView[];
  storeSlug: string;
  symbol: string;
  /** The store's item limit is reached: + is disabled (the platform would refuse anyway). */
  atMaximum: boolean;
  /** Each form's key for a post without script, by form name. */
  formKey: (name: string) => string;
}

export function BasketLines({ lines, storeSlug, symbol, atMaximum, formKey }: BasketLinesProps) {
  return (
    <ul className={styles.lines}>
      {lines.map((line) => (
        <LineItem
          key={line.basketLineId}
          line={line}
          storeSlug={storeSlug}
          symbol={symbol}
          atMaximum={atMaximum}
          formKey={formKey}
        />
      ))}
    </ul>
  );
}

function LineItem({
  line,
  storeSlug,
  symbol,
  atMaximum,
  formKey,
}: { line: LineView } & Omit<BasketLinesProps, "lines">) {
  const fetcher = useFetcher({ key: lineFetcherKey(line.basketLineId) });
  const href = itemPath(storeSlug, line.menuItem);
  const nameId = `line-${line.basketLineId}-name`;
  const unit = line.quantity > 0 ? Math.round(line.price / line.quantity) : line.unitPrice;
  const unavailable = line.checkoutConflicts.length > 0;
  const step = (to: number, symbolText: string, label: string, disabled: boolean) => (
    <BasketForm
      fetcher={fetcher}
      intent="set-quantity"
      idempotencyKey={formKey(`qty-${line.basketLineId}-${to}`)}
      className={styles.stepperForm}
    >
      <input type="hidden" name="basketLineId" value={line.basketLineId} />
      <input type="hidden" name="quantity" value={to} />
      <button type="submit" className={styles.stepperButton} disabled={disabled}>
        <span aria-hidden="true">{symbolText}</span>
        <span className={visuallyHidden}>{label}</span>
      </button>
    </BasketForm>
  );
  return (
    <li
      className={`${styles.line} ${line.pending ? styles.linePending : ""}`}
      aria-labelledby={nameId}
      aria-busy={line.pending || undefined}
    >
      {line.menuItem.image ? (
        <img
          src={line.menuItem.image}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          decoding="async"
          className={styles.lineImage}
        />
      ) : (
        <span className={styles.lineImagePlaceholder} aria-hidden="true" />
      )}
      <div className={styles.lineInfo}>
        <h3 className={styles.lineName} id={nameId}>
          <Link to={href}>{line.name}</Link>
        </h3>
        {line.variant ? <p className={styles.lineMeta}>{line.variant}</p> : null}
        <p className={styles.lineMeta}>{formatPence(unit, { symbol })} each</p>
        {line.checkoutConflicts.map((conflict) => (
          <p key={conflict.code} className={styles.lineConflict}>
            {conflict.message}
          </p>
        ))}
      </div>
      <div className={styles.lineControls}>
        <div className={styles.stepper} role="group" aria-label={`Quantity of ${line.name}`}>
          {step(line.quantity - 1, "−", `One fewer ${line.name}`, false)}
          <span className={styles.stepperValue}>
            <span className={visuallyHidden}>Quantity </span>
            {line.quantity}
          </span>
          {step(line.quantity + 1, "+", `One more ${line.name}`, atMaximum || unavailable || line.quantity >= 99)}
        </div>
        {unavailable ? null : (
          <Link
            to={routeHref("/basket/line/:basketLineId/edit", { basketLineId: line.basketLineId })}
            className={styles.lineEdit}
          >
            Edit<span className={visuallyHidden}> {line.name}</span>
          </Link>
        )}
        <BasketForm
          fetcher={fetcher}
          intent="remove"
          idempotencyKey={formKey(`remove-${line.basketLineId}`)}
          className={styles.inlineForm}
        >
          <input type="hidden" name="basketLineId" value={line.basketLineId} />
          <button type="submit" className={styles.linkButton}>
            Remove<span className={visuallyHidden}> {line.name}</span>
          </button>
        </BasketForm>
        <span className={styles.linePrice}>
          <span className={visuallyHidden}>Line price </span>
          {formatPence(line.price, { symbol })}
        </span>
      </div>
    </li>
  );
}
