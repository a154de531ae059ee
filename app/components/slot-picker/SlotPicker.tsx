import { useId, useRef, useState, type FormEvent } from "react";
import { Form, Link } from "react-router";
import {
  dayLabel,
  noSlotsMessage,
  sameInstant,
  slotLabel,
  slotsForDisplay,
  slotStatus,
  type FulfilmentMethod,
  type Slot,
  type SlotDay,
} from "~/models/slots";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import * as s from "./SlotPicker.css";

export interface SlotPickerProps {
  slotDays: readonly SlotDay[];
  /** The day on show (YYYY-MM-DD); the first listed day when it is not listed. */
  selectedDate: string;
  /** Start of the slot the basket holds, or null. */
  selectedStart: string | null;
  /**
   * The held slot is today's ASAP slot. ASAP's start moves with the clock, so after the 60-second refresh the
   * listing no longer carries the held start; with this the ASAP row still shows as chosen.
   */
  selectedIsAsap?: boolean;
  /** The store's zone: every time is shown as the store's clock reads it. */
  timeZone: string;
  /** Store-local today (YYYY-MM-DD). */
  today: string;
  method: FulfilmentMethod;
  /** The method's cost ("£2.99", "Free"), shown once above the list. */
  costText: string | null;
  /** Where the reserve form posts. */
  action: string;
  csrf: string;
  /** A day tab's link (`?day=YYYY-MM-DD`), so changing day needs no script. */
  dayHref: (slotDate: string) => string;
  /** Sent with the reservation so a repeated post never holds twice. */
  idempotencyKey?: string;
  /** A reservation is on its way. */
  pending?: boolean;
  /** With script: reserve this slot now (the route's fetcher); the picker shows the choice at once. */
  onChoose?: (startTime: string) => void;
}

const METHOD_NAME: Record<FulfilmentMethod, string> = { delivery: "delivery", collection: "collection" };

function DayTabs({
  slotDays,
  shown,
  today,
  timeZone,
  dayHref,
}: { slotDays: readonly SlotDay[]; shown: string } & Pick<SlotPickerProps, "today" | "timeZone" | "dayHref">) {
  return (
    <nav aria-label="Days" className={s.days}>
      <ul className={s.dayList}>
        {slotDays.map((day) => (
          <li key={day.slotDate}>
            <Link
              to={dayHref(day.slotDate)}
              className={s.dayTab}
              aria-current={day.slotDate === shown ? "page" : undefined}
              // Changing day keeps the shopper where they are on the page.
              preventScrollReset
            >
              {dayLabel(day.slotDate, today, timeZone)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface SlotRowProps {
  slot: Slot;
  timeZone: string;
  held: boolean;
  checked: boolean;
  onChange: () => void;
  onPointerDown: () => void;
  /** Arrow keys move the choice without reserving: a key pressed on a row says the next change is not a tap. */
  onKeyDown: () => void;
}

/** The shopper's choice: an ASAP choice follows the ASAP row whatever its current start. */
interface Choice {
  start: string;
  asap: boolean;
}

/** The held slot as a choice; a start equal to the listed ASAP slot's counts as ASAP even without the flag. */
function heldChoice(start: string | null, isAsap: boolean, slotDays: readonly SlotDay[]): Choice | null {
  if (!start) return null;
  const asap =
    isAsap || slotDays.some((day) => day.slots.some((slot) => slot.info.isAsap && sameInstant(slot.startTime, start)));
  return { start, asap };
}

function isChoice(slot: Slot, choice: Choice | null): boolean {
  if (!choice) return false;
  return choice.asap ? slot.info.isAsap : !slot.info.isAsap && sameInstant(slot.startTime, choice.start);
}

function SlotRow({ slot, timeZone, held, checked, onChange, onPointerDown, onKeyDown }: SlotRowProps) {
  const id = useId();
  const status = slotStatus(slot);
  // The held slot stays choosable when listed full: the basket's own hold may be the place that filled it.
  const blocked = status !== "available" && !held;
  return (
    <label htmlFor={id} className={s.slotRow} onPointerDown={onPointerDown}>
      <input
        id={id}
        type="radio"
        name="timeSlotDate"
        value={slot.startTime}
        className={s.radio}
        checked={checked}
        disabled={blocked}
        onChange={onChange}
        onKeyDown={onKeyDown}
      />
      <span className={s.slotText}>{slotLabel(slot, timeZone)}</span>
      {blocked ? <span className={s.slotState}>{status === "full" ? "Full" : "Unavailable"}</span> : null}
    </label>
  );
}

/**
 * The slot picker (UX.md): days as a row of tabs (links), the day's slots as radio rows in a fieldset, ASAP
 * first, the method's cost once above them, and a "Reserve this time" button so it works without script. With
 * script a pointer choice reserves at once through `onChoose`; choosing with the arrow keys only moves the
 * choice (arrowing through a list must not hold every slot it passes), and Enter or the button reserves it.
 */
export function SlotPicker(props: SlotPickerProps) {
  const {
    slotDays,
    selectedDate,
    selectedStart,
    selectedIsAsap = false,
    timeZone,
    today,
    method,
    costText,
    action,
    csrf,
    dayHref,
    idempotencyKey,
    pending = false,
    onChoose,
  } = props;
  const costId = useId();

  const held = heldChoice(selectedStart, selectedIsAsap, slotDays);
  // The optimistic choice, following the held slot whenever the route reports a new one.
  const [chosen, setChosen] = useState<Choice | null>(held);
  const heldKey = `${selectedIsAsap}|${selectedStart ?? ""}`;
  const [heldKeyFromProps, setHeldKeyFromProps] = useState(heldKey);
  if (heldKeyFromProps !== heldKey) {
    setHeldKeyFromProps(heldKey);
    setChosen(held);
  }
  const byPointer = useRef(false);

  const shown = slotDays.find((day) => day.slotDate === selectedDate) ?? slotDays[0] ?? null;
  const shownDate = shown?.slotDate ?? selectedDate;
  const methodName = METHOD_NAME[method];

  function choose(slot: Slot) {
    setChosen({ start: slot.startTime, asap: slot.info.isAsap });
    if (byPointer.current && onChoose) onChoose(slot.startTime);
    byPointer.current = false;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!onChoose || !chosen) return;
    event.preventDefault();
    // An ASAP choice is sent with the ASAP row's current start, which the platform recognises as ASAP.
    const asapNow = chosen.asap ? shown?.slots.find((slot) => slot.info.isAsap) : undefined;
    onChoose(asapNow?.startTime ?? chosen.start);
  }

  let body;
  if (shown?.holidayMessage) {
    body = <p className={s.notice}>{shown.holidayMessage}</p>;
  } else if (!shown || shown.slots.length === 0) {
    body = <p className={s.notice}>{noSlotsMessage(shownDate, today)}</p>;
  } else {
    body = (
      <Form method="post" action={action} onSubmit={onSubmit}>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="reserve" />
        {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
        <fieldset className={f.fieldset} aria-describedby={costText ? costId : undefined}>
          <legend className={f.legend}>
            {`Choose a ${methodName} time for ${dayLabel(shownDate, today, timeZone)}`}
          </legend>
          {costText ? (
            <p id={costId} className={s.cost}>
              {`${method === "delivery" ? "Delivery" : "Collection"} cost: ${costText}`}
            </p>
          ) : null}
          <div className={s.slotList}>
            {slotsForDisplay(shown.slots).map((slot) => (
              <SlotRow
                // A stable key for the ASAP row keeps its focus across refreshes that move its start.
                key={slot.info.isAsap ? "asap" : slot.startTime}
                slot={slot}
                timeZone={timeZone}
                held={isChoice(slot, held)}
                checked={isChoice(slot, chosen)}
                onChange={() => choose(slot)}
                onPointerDown={() => {
                  byPointer.current = true;
                }}
                onKeyDown={() => {
                  byPointer.current = false;
                }}
              />
            ))}
          </div>
        </fieldset>
        <div className={s.actions}>
          <button type="submit" className={f.button.primary} aria-busy={pending || undefined}>
            {pending ? "Reserving…" : "Reserve this time"}
          </button>
        </div>
      </Form>
    );
  }

  return (
    <div className={s.root}>
      {slotDays.length > 0 ? (
        <DayTabs slotDays={slotDays} shown={shownDate} today={today} timeZone={timeZone} dayHref={dayHref} />
      ) : null}
      {body}
      <p role="status" className={visuallyHidden}>
        {pending ? "Reserving your time…" : ""}
      </p>
    </div>
  );
}
