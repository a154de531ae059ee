import { UNABLE_TO_FIND_LOCATION, type AddressSuggestion } from "~/models/address";
import type { RecentSearch } from "~/models/recent-searches";
import { AddressForm, type AddressFormProps } from "./AddressForm";
import { AddressResults } from "./AddressResults";
import type { FormTarget } from "./FormParts";
import { PostcodeForm, type PostcodeFormProps } from "./PostcodeForm";
import { RecentSearches } from "./RecentSearches";
import * as s from "./StoreSearch.css";

export type { AddressSuggestion as Suggestion } from "~/models/address";

export interface StoreSearchProps
  extends
    FormTarget,
    Pick<PostcodeFormProps, "deviceLocation" | "postcodeRules" | "submitLabel">,
    Pick<AddressFormProps, "suggestUrl"> {
  /** White-label storeSearchMode. */
  mode: "postcode" | "address";
  postcodePlaceholder?: string;
  addressPlaceholder?: string;
  /** The last postcode searched; when `error` is set, the value that caused it. */
  defaultPostcode?: string;
  /** The text last searched in address mode, kept in the field beside its results. */
  defaultAddressQuery?: string;
  /** The inline message for the field, in the spec's words. */
  error?: string | null;
  recent: RecentSearch[];
  /** Addresses to choose from after a search without JavaScript (or a device look-up); [] when none matched. */
  addressResults?: AddressSuggestion[] | null;
}

/**
 * The store search widget (spec 1 §2, §4): a postcode field with "Find stores" and "Use my location", or an
 * address search, then recent searches. Every part is a plain form post, so it works before and without script.
 */
export function StoreSearch(props: StoreSearchProps) {
  const { mode, action, csrf, redirectTo, recent, addressResults } = props;
  // An address search that matched nothing says so in the field (spec 1 §8).
  const noMatches = mode === "address" && addressResults?.length === 0 ? UNABLE_TO_FIND_LOCATION : null;
  const error = props.error ?? noMatches;

  return (
    <div className={s.root}>
      {mode === "postcode" ? (
        <PostcodeForm
          action={action}
          csrf={csrf}
          redirectTo={redirectTo}
          placeholder={props.postcodePlaceholder ?? "Postcode"}
          defaultPostcode={props.defaultPostcode ?? ""}
          error={error}
          postcodeRules={props.postcodeRules}
          deviceLocation={props.deviceLocation}
          submitLabel={props.submitLabel}
        />
      ) : (
        <AddressForm
          action={action}
          csrf={csrf}
          redirectTo={redirectTo}
          suggestUrl={props.suggestUrl}
          placeholder={props.addressPlaceholder ?? "Enter your address"}
          defaultQuery={props.defaultAddressQuery ?? ""}
          error={error}
        />
      )}
      {addressResults?.length ? (
        <AddressResults results={addressResults} action={action} csrf={csrf} redirectTo={redirectTo} />
      ) : null}
      <RecentSearches recent={recent} action={action} csrf={csrf} redirectTo={redirectTo} />
    </div>
  );
}
