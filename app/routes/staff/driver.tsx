import { useEffect, useRef, useState } from "react";
import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, href, Link, useFetcher } from "react-router";
import { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/driver";
import * as styles from "~/components/checkout/Checkout.css";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { appContext } from "~/services/context";
import * as forms from "~/styles/forms.css";
import { requireStaff, sendPosition, type DriverPageAnswer } from "./driver.server";

/** How often the page sends the driver's position with script (issue 15: every 30 s). */
const SEND_EVERY_MS = 30_000;

const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

const POSITION_REFUSED =
  "Your position was not shared. Allow this site to use your location, or enter the position below.";
const POSITION_UNAVAILABLE = "Your position could not be found just now. It will be tried again, or enter it below.";
const NO_GEOLOCATION = "This browser cannot share your position. Enter it below.";

/**
 * The driver's page for an order en route (issue 15), opened from the order board: with script it sends the
 * browser's position at once and every 30 seconds; without, the driver posts it with the form. Staff sign-in as
 * for the board.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireStaff(context, context.get(appContext).clock.now());
  if (!ORDER_NUMBER.test(params.orderId)) throw data("Order not found.", { status: 404 });
  return { orderId: params.orderId };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const now = context.get(appContext).clock.now();
  requireStaff(context, now);
  if (!ORDER_NUMBER.test(params.orderId)) throw data("Order not found.", { status: 404 });
  const { answer, status } = await sendPosition(context, now, params.orderId, await request.formData());
  return data(answer, { status });
}

type GeoState = { kind: "idle" } | { kind: "watching" } | { kind: "error"; message: string };

export default function DriverPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orderId } = loaderData;
  const csrf = useAuthenticityToken();
  const fetcher = useFetcher<DriverPageAnswer>({ key: `driver-${orderId}` });
  const [watched, setGeo] = useState<GeoState>({ kind: "idle" });
  const hydrated = useHydrated();
  const located = hydrated && "geolocation" in navigator;
  const geo: GeoState = hydrated && !located ? { kind: "error", message: NO_GEOLOCATION } : watched;
  const latest = useRef<GeolocationPosition | null>(null);
  // The same function from render to render: the watch is not started again for it.
  const { submit } = fetcher;

  useEffect(() => {
    if (!located) return;
    let sentOnce = false;
    const send = (position: GeolocationPosition) => {
      const { latitude, longitude, accuracy } = position.coords;
      void submit(
        { csrf, intent: "auto", lat: String(latitude), lng: String(longitude), accuracy: String(Math.round(accuracy)) },
        { method: "post" },
      );
    };
    const watchId = navigator.geolocation.watchPosition(
      (position) => {
        latest.current = position;
        setGeo({ kind: "watching" });
        if (!sentOnce) {
          sentOnce = true;
          send(position);
        }
      },
      (error) =>
        setGeo({
          kind: "error",
          message: error.code === error.PERMISSION_DENIED ? POSITION_REFUSED : POSITION_UNAVAILABLE,
        }),
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    const timer = window.setInterval(() => {
      if (latest.current) send(latest.current);
    }, SEND_EVERY_MS);
    return () => {
      navigator.geolocation.clearWatch(watchId);
      window.clearInterval(timer);
    };
  }, [csrf, located, submit]);

  // The latest answer, whichever came last: the page's own sending or the form.
  const [last, setLast] = useState({ fetched: fetcher.data, acted: actionData, answer: actionData ?? fetcher.data });
  if (last.fetched !== fetcher.data || last.acted !== actionData) {
    let latestAnswer = last.answer;
    if (fetcher.data !== last.fetched && fetcher.data) latestAnswer = fetcher.data;
    if (actionData !== last.acted && actionData) latestAnswer = actionData;
    setLast({ fetched: fetcher.data, acted: actionData, answer: latestAnswer });
  }
  const answer = last.answer;
  const [form, fields] = useForm<{ intent: string; lat: string; lng: string }>({
    id: "driver-position",
    lastResult: actionData?.result,
  });

  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <h1 className={styles.title}>Driver page for order {orderId}</h1>
        <p className={styles.lead}>
          Keep this page open while you deliver: it sends your position to the customer's order page every 30 seconds.
        </p>
        <div role="status">
          {answer?.sentAt ? (
            <p className={styles.info}>Last sent at {answer.sentAt}</p>
          ) : geo.kind === "watching" && fetcher.state !== "idle" ? (
            <p>Sending your position…</p>
          ) : null}
        </div>
        <div role="alert">
          {answer?.problem ? <p className={styles.notice}>{answer.problem}</p> : null}
          {geo.kind === "error" ? <p className={styles.notice}>{geo.message}</p> : null}
        </div>

        <h2 className={styles.subheading}>Send your position by hand</h2>
        <ErrorSummary errors={fieldErrors([fields.lat, fields.lng])} />
        <Form method="post" {...getFormProps(form)}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="manual" />
          <TextField
            field={fields.lat}
            label="Latitude"
            hint="In decimal degrees, like 51.50101"
            inputMode="text"
            width="half"
            spellCheck={false}
            maxLength={20}
          />
          <TextField
            field={fields.lng}
            label="Longitude"
            hint="In decimal degrees, like -0.14159"
            inputMode="text"
            width="half"
            spellCheck={false}
            maxLength={20}
          />
          <button type="submit" className={forms.button.primary}>
            Send position
          </button>
        </Form>
        <p>
          <Link to={href("/staff")}>Back to the order board</Link>
        </p>
      </div>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Driver page for order ${loaderData.orderId}` : "Driver page" },
    { name: "robots", content: "noindex" },
  ];
}
