/**
 * Live events out to whoever listens on a channel (the business's apps, other clients), behind one interface.
 * Implementation: Pusher's HTTP API (pusher/). Without one, nothing is published: the storefront's own pages follow an
 * order by server-sent events (decision 0040), which need no outside service.
 *
 * A publisher throws on failure; the error's message is logged, so it must never carry the event's data.
 */

/** The business's app at the service: its public key and cluster, from the business profile's pusherSettings. */
export interface RealtimeApp {
  key: string;
  cluster: string;
}

export interface RealtimeEvent {
  channel: string;
  name: string;
  /** The event's payload, already encoded (Pusher carries it as a string). */
  data: string;
}

export interface RealtimePublisher {
  /** Resolves once the service has accepted the event. */
  publish(app: RealtimeApp, event: RealtimeEvent): Promise<void>;
}
