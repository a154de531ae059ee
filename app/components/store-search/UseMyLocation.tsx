import { useId, useState } from "react";
import { useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { DEVICE_LOCATION_FAILED } from "~/models/address";
import * as f from "~/styles/forms.css";
import { cx, usePendingIntent, type FormTarget } from "./FormParts";
import { GEOLOCATION_OPTIONS } from "./suggestions";
import * as s from "./StoreSearch.css";

export interface UseMyLocationProps extends FormTarget {
  /** White-label deviceLocationLookup, sent with the device position. */
  deviceLocation: "postcode" | "addresses";
}

function LocationIcon() {
  return (
    <svg
      className={s.locateIcon}
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden
      focusable={false}
    >
      <circle cx={12} cy={12} r={7} />
      <circle cx={12} cy={12} r={2} fill="currentColor" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </svg>
  );
}

/** "Use my location": the device's position posted as a search, where script and the browser can give it. */
export function UseMyLocation({ action, csrf, redirectTo, deviceLocation }: UseMyLocationProps) {
  // Only script can use the device position, and only where the browser offers it.
  const supported = useHydrated() && "geolocation" in navigator;
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState(false);
  const submit = useSubmit();
  const pending = usePendingIntent("device");
  const errorId = useId();

  if (!supported) return null;

  const busy = locating || pending;

  function locate() {
    if (busy) return;
    setFailed(false);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        void submit(
          {
            csrf,
            intent: "device",
            redirectTo,
            latitude: String(position.coords.latitude),
            longitude: String(position.coords.longitude),
            lookup: deviceLocation,
          },
          { method: "post", action },
        );
      },
      () => {
        setLocating(false);
        setFailed(true);
      },
      GEOLOCATION_OPTIONS,
    );
  }

  return (
    <>
      <button
        type="button"
        className={cx(f.button.secondary, s.locate)}
        onClick={locate}
        aria-busy={busy || undefined}
        aria-describedby={failed ? errorId : undefined}
      >
        <LocationIcon />
        {busy ? "Locating…" : "Use my location"}
      </button>
      {failed ? (
        <p id={errorId} role="alert" className={cx(f.errorMessage, s.locateError)}>
          {DEVICE_LOCATION_FAILED}
        </p>
      ) : null}
    </>
  );
}
