import { describe, expect, it } from "vitest";
import {
  choiceFromQuery,
  choiceQuery,
  choiceTotal,
  groupHint,
  isSingleChoice,
  lowestPrice,
  needsChoice,
  validateItemChoice,
  type ChoosableItem,
} from "./item-choice";

const pizza: ChoosableItem = {
  price: 900,
  memberPrice: null,
  sizes: [
    { id: 11, name: "Small", price: 900, memberPrice: 800 },
    { id: 12, name: "Large", price: 1300, memberPrice: null },
  ],
  optionGroups: [
    {
      id: 21,
      name: "Crust",
      minChoices: 1,
      maxChoices: 1,
      options: [
        { id: 211, name: "Thin", price: 0 },
        { id: 212, name: "Stuffed", price: 150 },
      ],
    },
    {
      id: 22,
      name: "Extras",
      minChoices: 0,
      maxChoices: 3,
      options: [
        { id: 221, name: "Olives", price: 50 },
        { id: 222, name: "Peppers", price: 50 },
        { id: 223, name: "Ham", price: 120 },
        { id: 224, name: "Pineapple", price: 60 },
      ],
    },
  ],
};
const plain: ChoosableItem = { price: 250, memberPrice: 200, sizes: [], optionGroups: [] };

describe("validateItemChoice", () => {
  it("accepts a complete choice", () => {
    expect(validateItemChoice(pizza, { sizeId: 12, options: [212, 221, 223], quantity: 2 })).toEqual([]);
    expect(validateItemChoice(plain, { sizeId: null, options: [], quantity: 1 })).toEqual([]);
  });

  it("asks for a size and for the required group, in page order", () => {
    expect(validateItemChoice(pizza, { sizeId: null, options: [], quantity: 1 })).toEqual([
      { field: "choice-size", message: "Choose a size" },
      { field: "choice-group-21", message: "Choose at least 1 option for Crust" },
    ]);
  });

  it("refuses a size the item does not come in", () => {
    expect(validateItemChoice(pizza, { sizeId: 99, options: [211], quantity: 1 })).toEqual([
      { field: "choice-size", message: "Choose a size" },
    ]);
  });

  it("refuses more options than a group allows", () => {
    expect(validateItemChoice(pizza, { sizeId: 11, options: [211, 221, 222, 223, 224], quantity: 1 })).toEqual([
      { field: "choice-group-22", message: "Choose no more than 3 options for Extras" },
    ]);
    expect(validateItemChoice(pizza, { sizeId: 11, options: [211, 212], quantity: 1 })).toEqual([
      { field: "choice-group-21", message: "Choose no more than 1 option for Crust" },
    ]);
  });

  it("refuses unknown and repeated options", () => {
    expect(validateItemChoice(pizza, { sizeId: 11, options: [211, 999], quantity: 1 })).toEqual([
      { field: "choice-options", message: "One of the options you chose is no longer offered. Please choose again." },
    ]);
    expect(validateItemChoice(plain, { sizeId: null, options: [221, 221], quantity: 1 })).toHaveLength(1);
  });

  it("a plain item needs no size", () => {
    expect(validateItemChoice(plain, { sizeId: null, options: [], quantity: 1 })).toEqual([]);
  });

  it.each([0, 100, 1.5, Number.NaN])("refuses quantity %s", (quantity) => {
    expect(validateItemChoice(plain, { sizeId: null, options: [], quantity })).toEqual([
      { field: "choice-quantity", message: "Enter a quantity from 1 to 99" },
    ]);
  });
});

describe("prices", () => {
  it("a unit is the size (or item) price plus the options; the total multiplies by the quantity", () => {
    expect(choiceTotal(pizza, { sizeId: 12, options: [212, 221], quantity: 2 })).toBe((1300 + 150 + 50) * 2);
    expect(choiceTotal(plain, { sizeId: null, options: [], quantity: 3 })).toBe(750);
    expect(choiceTotal(plain, { sizeId: null, options: [], quantity: 0 })).toBe(250);
  });

  it("members pay the member price where there is one", () => {
    expect(choiceTotal(pizza, { sizeId: 11, options: [], quantity: 1 }, true)).toBe(800);
    expect(choiceTotal(pizza, { sizeId: 12, options: [], quantity: 1 }, true)).toBe(1300);
    expect(choiceTotal(plain, { sizeId: null, options: [], quantity: 1 }, true)).toBe(200);
  });

  it("cards show the cheapest size", () => {
    expect(lowestPrice({ price: 1300, sizes: pizza.sizes })).toBe(900);
    expect(lowestPrice({ price: 250, sizes: [] })).toBe(250);
  });
});

describe("groups", () => {
  it("exactly one is a radio group; others are check boxes with the limit as the hint", () => {
    expect(isSingleChoice(pizza.optionGroups[0]!)).toBe(true);
    expect(isSingleChoice(pizza.optionGroups[1]!)).toBe(false);
    expect(groupHint({ minChoices: 1, maxChoices: 1 })).toBe("Choose 1");
    expect(groupHint({ minChoices: 0, maxChoices: 3 })).toBe("Choose up to 3");
    expect(groupHint({ minChoices: 2, maxChoices: 4 })).toBe("Choose 2 to 4");
  });

  it("an item with sizes or options needs a choice", () => {
    expect(needsChoice(pizza)).toBe(true);
    expect(needsChoice(plain)).toBe(false);
    expect(needsChoice({ sizes: [], optionGroups: pizza.optionGroups })).toBe(true);
  });
});

describe("the choice in the item page's query", () => {
  it("round-trips", () => {
    const choice = { sizeId: 12, options: [212, 221], quantity: 3 };
    expect(choiceFromQuery(new URLSearchParams(choiceQuery(choice)))).toEqual({ choice, check: true });
  });

  it("drops what is not a number and defaults the quantity", () => {
    expect(choiceFromQuery(new URLSearchParams("sizeId=x&option=1&option=<b>&option=1"))).toEqual({
      choice: { sizeId: null, options: [1], quantity: 1 },
      check: false,
    });
  });
});
