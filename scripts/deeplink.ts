// Prints a signed marketing deep link (issue 20) for the shop at PUBLIC_URL, else http://localhost:3000:
//   npm run deeplink -- --store 1 --item 36:2 --item 45:1 [--coupon WELCOME10] [--clear] [--method collection]
//                       [--expires 7d] [--campaign NAME] [--uid SUBSCRIBER]
// An item is <menu item id>:<quantity>, optionally followed by :s<size id> and :o<option id>.<option id>…
// The link is signed with DEEPLINK_SECRET, or with the secret the server keeps in DATA_DIR when none is set, so a
// link made here opens on a server started from the same directory.
import { parseArgs } from "node:util";
import {
  durationSeconds,
  isCampaign,
  isCoupon,
  isSubscriberId,
  readCliItem,
  type DeepLink,
} from "../app/models/deep-link";
import { signDeepLink } from "../app/routes/basket/deep-link.server";
import { parseEnv } from "../server/env";
import { deepLinkSecret } from "../server/secrets";

const usage =
  "usage: npm run deeplink -- --store ID --item ID:QTY[:sSIZE][:oOPT.OPT] … [--coupon CODE] [--clear] " +
  "[--method delivery|collection] [--expires 7d] [--campaign NAME] [--uid SUBSCRIBER]";

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    store: { type: "string" },
    item: { type: "string", multiple: true, default: [] },
    coupon: { type: "string" },
    clear: { type: "boolean", default: false },
    method: { type: "string" },
    expires: { type: "string", default: "7d" },
    campaign: { type: "string" },
    uid: { type: "string" },
  },
  strict: true,
});

const storeId = Number(values.store);
if (!values.store || !/^\d+$/.test(values.store) || storeId < 1) fail("--store needs a store id");
const items = values.item.map(
  (text) => readCliItem(text) ?? fail(`--item ${text}: not an item (menu item id:quantity 1–99)`),
);
if (values.coupon !== undefined && !isCoupon(values.coupon))
  fail(`--coupon ${values.coupon}: letters, digits, - and _ only`);
if (values.campaign !== undefined && !isCampaign(values.campaign))
  fail(`--campaign ${values.campaign}: letters, digits, ., - and _ only`);
if (values.uid !== undefined && !isSubscriberId(values.uid))
  fail(`--uid ${values.uid}: letters, digits, ., @, +, - and _ only`);
if (values.method !== undefined && values.method !== "delivery" && values.method !== "collection")
  fail("--method is delivery or collection");
const lasts =
  durationSeconds(values.expires) ?? fail(`--expires ${values.expires}: a number and d, h, m or s (7d, 12h)`);
if (items.length === 0 && !values.clear && values.coupon === undefined)
  fail("a link needs at least an item, --clear or --coupon");

const env = parseEnv(process.env);
const link: DeepLink = {
  storeId,
  items,
  clear: values.clear,
  coupon: values.coupon ?? null,
  method: (values.method as DeepLink["method"]) ?? null,
  expiresAt: Math.floor(Date.now() / 1000) + lasts,
  campaign: values.campaign ?? null,
  uid: values.uid ?? null,
};
console.log(
  signDeepLink(
    link,
    deepLinkSecret(env, (file) => console.error(`(made a new deep-link secret in ${file})`)),
    env.PUBLIC_URL ?? "http://localhost:3000",
  ),
);
