import { describe, expect, it } from "vitest";
import { BASKET_MESSAGES, CHECKOUT_MESSAGES } from "#contract";
import {
  CHECKOUT_STEP_ORDER,
  CHECKOUT_STEP_PATHS,
  CHECKOUT_SUBTITLES,
  CHECKOUT_TEXT,
  type CheckoutFacts,
  type CheckoutStep,
  MARKETING_TITLE,
  checkoutBlockers,
  deliveryCostChangeToast,
  firstInvalidStep,
  guestCheckoutPermitted,
  isEmailAddress,
  isTicked,
  marketingOptionsFromForm,
  normaliseMobile,
  removedCouponToast,
  stepReachable,
  stepValid,
  validateAddressForm,
  validateContactDetails,
} from "./checkout";

// The UK rules the business profile ships with.
const UK = [
  "^(?:[A-PR-UWYZ][0-9]{1,2}|[A-PR-UWYZ][A-HK-Y][0-9]{1,2}|[A-PR-UWYZ][0-9][A-HJKPSTUW]|" +
    "[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY])[0-9][ABD-HJLNP-UW-Z]{2}$",
  "^GIR0AA$",
];

const home = {
  addressLine1: "10 Downing Street",
  addressLine2: "",
  town: "London",
  county: "",
  postcode: "SW1A 2AA",
  countryCode: "GB",
};
const contact = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phoneNumber: "07700 900982" };

/** A member checking out for delivery with everything filled in: every step valid. */
function facts(overrides: Partial<CheckoutFacts> = {}): CheckoutFacts {
  return {
    mode: "member",
    method: "delivery",
    guestCheckoutAllowed: true,
    couponRequirement: null,
    contact,
    acceptedTerms: true,
    loginRequired: false,
    deliveryAddress: home,
    billingAddress: home,
    ...overrides,
  };
}

describe("messages", () => {
  it("are the contract's CHECKOUT_MESSAGES word for word", () => {
    const shared = [
      "loginToOrder",
      "deliveryCostIncreased",
      "deliveryCostDecreased",
      "deliveryCostChanged",
      "deliveryCostChangedReview",
      "deliveryAddressFailed",
      "unableToDeliver",
      "invalidAddressObject",
      "validationError",
      "invalidSlot",
      "marketingUpdated",
      "marketingUpdateError",
      "firstNameRequired",
      "lastNameRequired",
      "emailInvalid",
      "phoneInvalid",
      "addressLine1Required",
      "townRequired",
      "postcodeInvalid",
    ] as const;
    for (const key of shared) expect(CHECKOUT_TEXT[key], key).toBe(CHECKOUT_MESSAGES[key]);
    // Any key both share must agree, so a copy added later cannot drift either.
    for (const [key, value] of Object.entries(CHECKOUT_TEXT)) {
      if (key in CHECKOUT_MESSAGES) expect(value, key).toBe(CHECKOUT_MESSAGES[key as keyof typeof CHECKOUT_MESSAGES]);
    }
    expect(CHECKOUT_TEXT.loginToOrder).toBe(BASKET_MESSAGES.loginToOrder);
  });

  it("word the subtitles and the marketing title as spec 2 §9 does", () => {
    expect(CHECKOUT_SUBTITLES).toEqual({
      login: "Save everything and earn points",
      register: "Earn rewards and much much more!",
      guest: "No ties and just for one off orders",
    });
    expect(MARKETING_TITLE).toBe("Marketing Preferences");
  });
});

describe("steps", () => {
  it("are in the spec's order, each with its page", () => {
    expect(CHECKOUT_STEP_ORDER).toEqual(["login", "register", "options", "details", "delivery", "billing", "payment"]);
    expect(CHECKOUT_STEP_PATHS).toEqual({
      login: "/checkout/login",
      register: "/checkout/create",
      options: "/checkout/options",
      details: "/checkout/details",
      delivery: "/checkout/details",
      billing: "/checkout/payment/billing-address",
      payment: "/checkout/payment",
    });
  });
});

describe("guestCheckoutPermitted (spec 2 §4)", () => {
  it("needs the store's flag", () => {
    expect(guestCheckoutPermitted({ guestCheckoutAllowed: true, couponRequirement: null })).toBe(true);
    expect(guestCheckoutPermitted({ guestCheckoutAllowed: false, couponRequirement: null })).toBe(false);
  });
  it("is refused by a coupon that requires registration, with or without verification", () => {
    expect(guestCheckoutPermitted({ guestCheckoutAllowed: true, couponRequirement: "none" })).toBe(true);
    expect(guestCheckoutPermitted({ guestCheckoutAllowed: true, couponRequirement: "registered" })).toBe(false);
    expect(
      guestCheckoutPermitted({ guestCheckoutAllowed: true, couponRequirement: "registered_with_verification" }),
    ).toBe(false);
  });
});

describe("stepValid (spec 2 §4)", () => {
  it("finds every step valid for a member with everything filled in", () => {
    for (const step of CHECKOUT_STEP_ORDER) expect(stepValid(step, facts()), step).toBe(true);
  });

  describe("login", () => {
    it("is valid when authenticated: a member, or a guest whose guest checkout is permitted", () => {
      expect(stepValid("login", facts({ mode: "member" }))).toBe(true);
      expect(stepValid("login", facts({ mode: "guest" }))).toBe(true);
    });
    it("is not valid before a sign-in choice", () => {
      expect(stepValid("login", facts({ mode: null }))).toBe(false);
    });
    it("is not valid for a guest where guest checkout is not permitted", () => {
      expect(stepValid("login", facts({ mode: "guest", guestCheckoutAllowed: false }))).toBe(false);
      expect(stepValid("login", facts({ mode: "guest", couponRequirement: "registered" }))).toBe(false);
    });
    it("stays valid for a member whatever the store or coupon says of guests", () => {
      expect(
        stepValid("login", facts({ guestCheckoutAllowed: false, couponRequirement: "registered_with_verification" })),
      ).toBe(true);
    });
  });

  describe("register", () => {
    it("is valid when authenticated, as login is", () => {
      expect(stepValid("register", facts({ mode: "member", guestCheckoutAllowed: false }))).toBe(true);
      expect(stepValid("register", facts({ mode: "guest" }))).toBe(true);
      expect(stepValid("register", facts({ mode: null }))).toBe(false);
      expect(stepValid("register", facts({ mode: "guest", couponRequirement: "registered" }))).toBe(false);
    });
  });

  describe("options", () => {
    it("is valid for members", () => {
      expect(stepValid("options", facts({ mode: "member", guestCheckoutAllowed: false }))).toBe(true);
    });
    it("is valid for a guest who chose guest checkout where it is permitted (our reading)", () => {
      expect(stepValid("options", facts({ mode: "guest" }))).toBe(true);
      expect(stepValid("options", facts({ mode: "guest", couponRequirement: "none" }))).toBe(true);
      expect(stepValid("options", facts({ mode: "guest", guestCheckoutAllowed: false }))).toBe(false);
      expect(stepValid("options", facts({ mode: "guest", couponRequirement: "registered" }))).toBe(false);
    });
    it("is not valid before a choice", () => {
      expect(stepValid("options", facts({ mode: null }))).toBe(false);
    });
  });

  describe("delivery", () => {
    it("is valid for collection, with or without an address", () => {
      expect(stepValid("delivery", facts({ method: "collection", deliveryAddress: null }))).toBe(true);
    });
    it("needs a complete delivery address for delivery", () => {
      expect(stepValid("delivery", facts({ deliveryAddress: null }))).toBe(false);
      expect(stepValid("delivery", facts({ deliveryAddress: { ...home, town: " " } }))).toBe(false);
      expect(stepValid("delivery", facts({ deliveryAddress: { ...home, countryCode: "" } }))).toBe(false);
      expect(stepValid("delivery", facts({ deliveryAddress: { ...home, addressLine1: "" } }))).toBe(false);
      expect(stepValid("delivery", facts({ deliveryAddress: "10 Downing Street" }))).toBe(false);
    });
    it("takes an address with legacy field names", () => {
      expect(
        stepValid("delivery", facts({ deliveryAddress: { line1: "1 High St", town: "Leeds", countryCode: "GB" } })),
      ).toBe(true);
    });
  });

  describe("details", () => {
    it("needs every detail field non-blank", () => {
      for (const field of ["firstName", "lastName", "email", "phoneNumber"] as const) {
        expect(stepValid("details", facts({ contact: { ...contact, [field]: "" } })), field).toBe(false);
        expect(stepValid("details", facts({ contact: { ...contact, [field]: "   " } })), field).toBe(false);
      }
      expect(stepValid("details", facts({ contact: null }))).toBe(false);
    });
    it("needs accepted terms", () => {
      expect(stepValid("details", facts({ acceptedTerms: false }))).toBe(false);
    });
    it("needs no required login", () => {
      expect(stepValid("details", facts({ loginRequired: true }))).toBe(false);
    });
    it("needs a valid delivery step", () => {
      expect(stepValid("details", facts({ deliveryAddress: null }))).toBe(false);
      expect(stepValid("details", facts({ method: "collection", deliveryAddress: null }))).toBe(true);
    });
  });

  describe("billing", () => {
    it("needs a complete billing address", () => {
      expect(stepValid("billing", facts({ billingAddress: null }))).toBe(false);
      expect(stepValid("billing", facts({ billingAddress: { ...home, town: "" } }))).toBe(false);
      expect(stepValid("billing", facts({ billingAddress: [] }))).toBe(false);
      expect(stepValid("billing", facts({ method: "collection", deliveryAddress: null }))).toBe(true);
    });
  });

  describe("payment", () => {
    it("is valid only when every earlier step is", () => {
      const broken: Partial<CheckoutFacts>[] = [
        { mode: null },
        { mode: "guest", guestCheckoutAllowed: false },
        { contact: null },
        { acceptedTerms: false },
        { loginRequired: true },
        { deliveryAddress: null },
        { billingAddress: null },
      ];
      for (const overrides of broken)
        expect(stepValid("payment", facts(overrides)), JSON.stringify(overrides)).toBe(false);
      expect(stepValid("payment", facts({ mode: "guest" }))).toBe(true);
    });
  });
});

describe("firstInvalidStep", () => {
  it("is null when every step is valid", () => {
    expect(firstInvalidStep(facts())).toBeNull();
  });
  it("sends the shopper to the earliest invalid step", () => {
    expect(firstInvalidStep(facts({ mode: null, contact: null, billingAddress: null }))).toBe("login");
    expect(firstInvalidStep(facts({ contact: null, billingAddress: null }))).toBe("details");
    // A missing delivery address makes the details step invalid too; both are on the details page.
    expect(firstInvalidStep(facts({ deliveryAddress: null }))).toBe("details");
    expect(CHECKOUT_STEP_PATHS[firstInvalidStep(facts({ deliveryAddress: null }))!]).toBe("/checkout/details");
    expect(firstInvalidStep(facts({ billingAddress: null }))).toBe("billing");
  });
  it("checks only the steps it is given, in their order", () => {
    expect(firstInvalidStep(facts({ billingAddress: null }), ["login", "options", "details", "delivery"])).toBeNull();
    expect(firstInvalidStep(facts({ deliveryAddress: null }), ["delivery", "details"])).toBe("delivery");
    expect(firstInvalidStep(facts({ mode: null }), [])).toBeNull();
  });
});

describe("stepReachable", () => {
  const reachable = (f: CheckoutFacts) => CHECKOUT_STEP_ORDER.filter((step) => stepReachable(step, f));

  it("opens every step when all are valid", () => {
    expect(reachable(facts())).toEqual(CHECKOUT_STEP_ORDER);
  });
  it("opens only the sign-in choices, login and register, before one is made", () => {
    expect(reachable(facts({ mode: null }))).toEqual(["login", "register"]);
  });
  it("opens the details page — details and delivery — once login and options are valid", () => {
    const fresh = facts({
      mode: "guest",
      contact: null,
      acceptedTerms: false,
      deliveryAddress: null,
      billingAddress: null,
    });
    expect(reachable(fresh)).toEqual(["login", "register", "options", "details", "delivery"]);
  });
  it("opens billing once details and delivery are valid, and payment once billing is", () => {
    expect(reachable(facts({ billingAddress: null }))).toEqual([
      "login",
      "register",
      "options",
      "details",
      "delivery",
      "billing",
    ]);
    expect(stepReachable("payment", facts({ billingAddress: null }))).toBe(false);
    expect(stepReachable("billing", facts({ acceptedTerms: false }))).toBe(false);
  });
  it("does not open billing while a delivery address is missing", () => {
    expect(stepReachable("billing", facts({ deliveryAddress: null }))).toBe(false);
    expect(stepReachable("billing", facts({ method: "collection", deliveryAddress: null }))).toBe(true);
  });
  it("agrees with firstInvalidStep: a step is reachable when the first invalid one is not on an earlier page", () => {
    const cases: Partial<CheckoutFacts>[] = [
      {},
      { mode: null },
      { contact: null },
      { deliveryAddress: null },
      { billingAddress: null },
    ];
    for (const overrides of cases) {
      const f = facts(overrides);
      const first = firstInvalidStep(f);
      const firstAt = first === null ? CHECKOUT_STEP_ORDER.length : CHECKOUT_STEP_ORDER.indexOf(first);
      for (const step of CHECKOUT_STEP_ORDER) {
        // The sign-in choices are one step shown on two pages: register opens with login.
        const pageAt =
          step === "register"
            ? 0
            : CHECKOUT_STEP_ORDER.findIndex((s: CheckoutStep) => CHECKOUT_STEP_PATHS[s] === CHECKOUT_STEP_PATHS[step]);
        expect(stepReachable(step, f), `${JSON.stringify(overrides)} ${step}`).toBe(pageAt <= firstAt);
      }
    }
  });
});

describe("checkoutBlockers", () => {
  const login = ["Please Login or Create An Account to order with this store"];
  it("asks a guest to log in when the store does not allow guests", () => {
    expect(checkoutBlockers(facts({ mode: "guest", guestCheckoutAllowed: false }))).toEqual(login);
    expect(checkoutBlockers(facts({ mode: null, guestCheckoutAllowed: false }))).toEqual(login);
  });
  it("asks a guest to log in when the coupon needs registration", () => {
    expect(checkoutBlockers(facts({ mode: "guest", couponRequirement: "registered" }))).toEqual(login);
    expect(checkoutBlockers(facts({ mode: "guest", couponRequirement: "registered_with_verification" }))).toEqual(
      login,
    );
  });
  it("asks a guest to log in when their e-mail must sign in", () => {
    expect(checkoutBlockers(facts({ mode: "guest", loginRequired: true }))).toEqual(login);
  });
  it("names the reason once however many apply", () => {
    expect(
      checkoutBlockers(
        facts({ mode: "guest", guestCheckoutAllowed: false, couponRequirement: "registered", loginRequired: true }),
      ),
    ).toEqual(login);
  });
  it("blocks nothing for a permitted guest or a member", () => {
    expect(checkoutBlockers(facts({ mode: "guest" }))).toEqual([]);
    expect(checkoutBlockers(facts({ mode: null, couponRequirement: "none" }))).toEqual([]);
    expect(
      checkoutBlockers(facts({ mode: "member", guestCheckoutAllowed: false, couponRequirement: "registered" })),
    ).toEqual([]);
  });
});

describe("normaliseMobile", () => {
  it("reads 07 numbers with or without spaces", () => {
    expect(normaliseMobile("07700900982")).toBe("07700900982");
    expect(normaliseMobile("07700 900982")).toBe("07700900982");
    expect(normaliseMobile(" 07700 900 982 ")).toBe("07700900982");
    expect(normaliseMobile("0770-090-0982")).toBe("07700900982");
  });
  it("reads +44 7… and 0044 7…", () => {
    expect(normaliseMobile("+447700900982")).toBe("07700900982");
    expect(normaliseMobile("+44 7700 900982")).toBe("07700900982");
    expect(normaliseMobile("0044 7700 900982")).toBe("07700900982");
    expect(normaliseMobile("+44 (0)7700 900982")).toBe("07700900982");
  });
  it("refuses landlines, wrong lengths, other countries and junk", () => {
    for (const bad of [
      "02079460000",
      "0770090098",
      "077009009821",
      "+4407700900982",
      "+33612345678",
      "447700900982",
      "7700900982",
      "07700 90098a",
      "",
      "   ",
    ]) {
      expect(normaliseMobile(bad), bad).toBeNull();
    }
    expect(normaliseMobile(null)).toBeNull();
    expect(normaliseMobile(undefined)).toBeNull();
  });
});

describe("isEmailAddress", () => {
  it("takes name@domain.tld", () => {
    expect(isEmailAddress("ada@example.com")).toBe(true);
    expect(isEmailAddress("first.last+tag@mail.example.co.uk")).toBe(true);
    expect(isEmailAddress(" ada@example.com ")).toBe(true);
  });
  it("refuses anything else", () => {
    for (const bad of [
      "ada",
      "ada@",
      "@example.com",
      "ada@example",
      "ada@@example.com",
      "ada @example.com",
      "ada@.com",
      "ada@example..com",
      "",
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
    expect(isEmailAddress(`${"a".repeat(250)}@b.co`)).toBe(false);
  });
});

describe("validateContactDetails", () => {
  const good = { ...contact, acceptTerms: true };

  it("finds nothing wrong with good details", () => {
    expect(validateContactDetails(good)).toEqual({});
    expect(validateContactDetails({ ...good, acceptTerms: "on" })).toEqual({});
    expect(validateContactDetails({ ...good, phoneNumber: "+44 7700 900982" })).toEqual({});
  });

  it("asks for each missing field in GOV.UK words", () => {
    expect(
      validateContactDetails({
        firstName: " ",
        lastName: "",
        email: undefined,
        phoneNumber: null,
        acceptTerms: undefined,
      }),
    ).toEqual({
      firstName: "Enter your first name",
      lastName: "Enter your last name",
      email: "Enter your email address",
      phoneNumber: "Enter your mobile number",
      acceptTerms: "You must accept the terms and conditions to place an order",
    });
  });

  it("says what is wrong with a badly formed e-mail or mobile", () => {
    expect(validateContactDetails({ ...good, email: "ada.example.com" })).toEqual({
      email: "Enter an email address in the correct format, like name@example.com",
    });
    expect(validateContactDetails({ ...good, phoneNumber: "020 7946 0000" })).toEqual({
      phoneNumber: "Enter a UK mobile number, like 07700 900 982",
    });
  });

  it("allows names of up to 50 characters", () => {
    expect(validateContactDetails({ ...good, firstName: "A".repeat(50), lastName: "B".repeat(50) })).toEqual({});
    expect(validateContactDetails({ ...good, firstName: ` ${"A".repeat(50)} ` })).toEqual({});
    expect(validateContactDetails({ ...good, firstName: "A".repeat(51), lastName: "B".repeat(51) })).toEqual({
      firstName: "First name must be 50 characters or fewer",
      lastName: "Last name must be 50 characters or fewer",
    });
  });

  it("needs the terms ticked", () => {
    for (const value of [false, "", "false", "off", "0", null]) {
      expect(validateContactDetails({ ...good, acceptTerms: value }).acceptTerms, String(value)).toBe(
        "You must accept the terms and conditions to place an order",
      );
    }
  });

  it("reads checkbox values", () => {
    expect(isTicked(true)).toBe(true);
    expect(isTicked("on")).toBe(true);
    expect(isTicked("true")).toBe(true);
    expect(isTicked("yes")).toBe(true);
    expect(isTicked(false)).toBe(false);
    expect(isTicked(undefined)).toBe(false);
    expect(isTicked("OFF")).toBe(false);
  });
});

describe("validateAddressForm", () => {
  const good = {
    addressLine1: "10 Downing Street",
    addressLine2: "",
    town: "London",
    county: "",
    postcode: "sw1a 2aa",
  };

  it("finds nothing wrong with a good address", () => {
    expect(validateAddressForm(good, UK)).toEqual({});
    expect(validateAddressForm({ ...good, postcode: "GIR 0AA" }, UK)).toEqual({});
    expect(validateAddressForm({ ...good, addressLine2: undefined, county: null }, UK)).toEqual({});
  });

  it("asks for line 1, the town and the postcode", () => {
    expect(
      validateAddressForm({ addressLine1: " ", addressLine2: "", town: "", county: "", postcode: "  " }, UK),
    ).toEqual({
      addressLine1: "Enter address line 1, typically the building and street",
      town: "Enter town or city",
      postcode: "Enter postcode",
    });
  });

  it("refuses a postcode the business's rules do not take", () => {
    expect(validateAddressForm({ ...good, postcode: "SW1A 2CA" }, UK)).toEqual({ postcode: "Enter a real postcode" });
    expect(validateAddressForm({ ...good, postcode: "SW1A 2AAX" }, UK)).toEqual({ postcode: "Enter a real postcode" });
    expect(validateAddressForm({ ...good, postcode: "SW1A 2AA" }, ["^BT"])).toEqual({
      postcode: "Enter a real postcode",
    });
  });

  it("allows lines of up to 100 characters", () => {
    const long = "x".repeat(100);
    expect(
      validateAddressForm({ ...good, addressLine1: long, addressLine2: long, town: long, county: long }, UK),
    ).toEqual({});
    const tooLong = "x".repeat(101);
    expect(
      validateAddressForm(
        { ...good, addressLine1: tooLong, addressLine2: tooLong, town: tooLong, county: tooLong },
        UK,
      ),
    ).toEqual({
      addressLine1: "Address line 1 must be 100 characters or fewer",
      addressLine2: "Address line 2 must be 100 characters or fewer",
      town: "Town or city must be 100 characters or fewer",
      county: "County must be 100 characters or fewer",
    });
  });
});

describe("deliveryCostChangeToast (spec 2 §4, §8)", () => {
  it("reports an increase as an error with the difference", () => {
    expect(deliveryCostChangeToast({ previous: 249, current: 349 })).toEqual({
      kind: "error",
      message: "Delivery cost has increased by £1.00",
    });
    expect(deliveryCostChangeToast({ previous: 0, current: 5 })).toEqual({
      kind: "error",
      message: "Delivery cost has increased by £0.05",
    });
  });
  it("reports a decrease as a success with the difference", () => {
    expect(deliveryCostChangeToast({ previous: 349, current: 149 })).toEqual({
      kind: "success",
      message: "Delivery cost has decreased by £2.00",
    });
    expect(deliveryCostChangeToast({ previous: 150075, current: 0 })).toEqual({
      kind: "success",
      message: "Delivery cost has decreased by £1,500.75",
    });
  });
  it("reports a change with an unknown side as info", () => {
    expect(deliveryCostChangeToast({ previous: null, current: 349 })).toEqual({
      kind: "info",
      message: "Delivery cost has changed",
    });
    expect(deliveryCostChangeToast({ previous: 349, current: null })).toEqual({
      kind: "info",
      message: "Delivery cost has changed",
    });
  });
  it("says nothing without a change", () => {
    expect(deliveryCostChangeToast(null)).toBeNull();
    expect(deliveryCostChangeToast({ previous: 349, current: 349 })).toBeNull();
    expect(deliveryCostChangeToast({ previous: null, current: null })).toBeNull();
  });
  it("uses the store's currency symbol", () => {
    expect(deliveryCostChangeToast({ previous: 100, current: 250 }, "€")?.message).toBe(
      "Delivery cost has increased by €1.50",
    );
  });
});

describe("removedCouponToast (spec 2 §4)", () => {
  it("shows the platform's reason as an error", () => {
    expect(removedCouponToast({ code: "SAVE10", reason: "This coupon is not valid for your area." })).toEqual({
      kind: "error",
      message: "This coupon is not valid for your area.",
    });
  });
  it("names the coupon when the reason is blank", () => {
    expect(removedCouponToast({ code: "SAVE10", reason: " " })).toEqual({
      kind: "error",
      message: "Your coupon SAVE10 has been removed from your basket.",
    });
  });
  it("is nothing when no coupon was removed", () => {
    expect(removedCouponToast(null)).toBeNull();
  });
});

describe("marketingOptionsFromForm", () => {
  const offered = [
    { type: "email", text: "Email me offers and news" },
    { type: "sms", text: "Text me offers" },
  ];
  it("opts in the ticked types and out the rest, in the order offered", () => {
    expect(marketingOptionsFromForm(offered, ["sms"])).toEqual([
      { type: "email", opted: "out", text: "Email me offers and news" },
      { type: "sms", opted: "in", text: "Text me offers" },
    ]);
    expect(marketingOptionsFromForm(offered, ["sms", "email"]).map((o) => o.opted)).toEqual(["in", "in"]);
    expect(marketingOptionsFromForm(offered, []).map((o) => o.opted)).toEqual(["out", "out"]);
  });
  it("ignores ticked types that were not offered and offers each type once", () => {
    expect(marketingOptionsFromForm([...offered, { type: "email", text: "Again" }], ["post"])).toEqual([
      { type: "email", opted: "out", text: "Email me offers and news" },
      { type: "sms", opted: "out", text: "Text me offers" },
    ]);
    expect(marketingOptionsFromForm([], ["email"])).toEqual([]);
  });
});
