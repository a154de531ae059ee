import * as styles from "~/components/checkout/Checkout.css";

/**
 * The driver's last position as the loader words it (see app/routes/orders/tracking.server.ts, driverTracking):
 * plain data, safe to serialise.
 */
export type DriverTrackingData =
  | { trackable: false }
  | { trackable: true; position: null }
  | {
      trackable: true;
      position: {
        lat: number;
        lng: number;
        /** "0.4 miles away" from the delivery address; null when the address has no place on the map. */
        distance: string | null;
        /** "updated 2 minutes ago", by the server's clock. */
        updated: string;
        mapUrl: string;
      };
    };

/**
 * Where the driver is, for an order out for delivery: how far from the delivery address and how long ago the
 * driver's page sent it, with a link to OpenStreetMap at that point (no map script, no tiles). Nothing at all while
 * the order is not en route.
 */
export function DriverTracking({ tracking }: { tracking: DriverTrackingData | null }) {
  if (!tracking || !tracking.trackable) return null;
  const { position } = tracking;
  return (
    <section className={styles.panel} aria-labelledby="driver-tracking-title">
      <h2 className={styles.panelTitle} id="driver-tracking-title">
        Your driver
      </h2>
      {position ? (
        <>
          <p>
            {position.distance ? <>Your driver is {position.distance}, </> : <>Your driver's position was </>}
            {position.updated}.
          </p>
          <p>
            <a href={position.mapUrl} rel="noopener noreferrer">
              See the driver on OpenStreetMap
            </a>
          </p>
        </>
      ) : (
        <p>Waiting for the driver's position.</p>
      )}
    </section>
  );
}
