import type { SeedCategory, SeedOptionGroup, SeedSize } from "./types";

const coffeeMilk: SeedOptionGroup = {
  name: "Milk",
  min: 1,
  max: 1,
  options: [
    ["Whole milk", 0],
    ["Semi-skimmed milk", 0],
    ["Oat drink", 40],
  ],
};
const coffeeSizes = (regular: number): SeedSize[] => [
  ["Regular", regular],
  ["Large", regular + 50],
];

/** Larder Bakehouse: the bakery-only store's counter. */
export const bakehouseCategories: SeedCategory[] = [
  {
    id: 31,
    slugText: "bread",
    name: "Bread",
    description: "Slow-fermented loaves, baked through the night.",
    image: "/catalogue/bakery.svg",
    items: [
      ["White Sourdough Loaf 800g", 450, "Our house loaf, fermented for 36 hours.", { popularity: 520 }],
      ["Seeded Rye Loaf 750g", 400, "Dense and tangy, packed with sunflower and pumpkin seeds."],
      ["Stone Baked Baguette", 180, "Crisp crust, open crumb."],
      ["Rosemary & Sea Salt Focaccia", 400, "Olive-oil rich focaccia with rosemary."],
      ["Malted Sandwich Tin Loaf", 350, "A soft malted loaf that slices thinly."],
    ],
  },
  {
    id: 32,
    slugText: "pastries",
    name: "Pastries",
    description: "Laminated by hand with French butter.",
    image: "/catalogue/pastry.svg",
    items: [
      ["Butter Croissant", 180, "Flaky and light, with 28% butter.", { popularity: 900 }],
      ["Pain au Chocolat", 200, "Two batons of dark chocolate in croissant pastry.", { popularity: 610 }],
      ["Almond Croissant", 275, "Twice-baked with frangipane and flaked almonds."],
      ["Cinnamon Swirl", 250, "Cinnamon sugar rolled into buttery dough.", { popularity: 330 }],
      ["Sausage Roll", 300, "Free range pork in puff pastry.", { popularity: 700 }],
      ["Cheese & Onion Pasty", 350, "Mature Cheddar and onion in shortcrust."],
    ],
  },
  {
    id: 33,
    slugText: "cakes-and-bakes",
    name: "Cakes & bakes",
    description: "Slices, traybakes and celebration cakes.",
    image: "/catalogue/cake.svg",
    items: [
      [
        "Lemon Drizzle Cake",
        300,
        "Zesty sponge soaked in lemon syrup. A slice, or the whole cake to share.",
        {
          sizes: [
            ["Slice", 300],
            ["Whole cake", 1600],
          ],
          popularity: 410,
        },
      ],
      [
        "Carrot Cake",
        350,
        "Spiced carrot cake with cream cheese frosting. A slice, or the whole cake to share.",
        {
          sizes: [
            ["Slice", 350],
            ["Whole cake", 2000],
          ],
          popularity: 380,
        },
      ],
      ["Chocolate Brownie", 300, "Fudgy dark chocolate brownie.", { popularity: 450 }],
      ["Portuguese Custard Tart", 250, "Crisp pastry and a caramelised custard."],
      [
        "Victoria Sponge Whole Cake",
        1800,
        "Serves ten. Collection only so it arrives in one piece.",
        { delivery: false },
      ],
    ],
  },
  {
    id: 34,
    slugText: "hot-drinks",
    name: "Hot drinks",
    description: "Coffee from our own roast, tea and hot chocolate. Collection only.",
    image: "/catalogue/tea-coffee.svg",
    items: [
      [
        "Flat White",
        330,
        "Double ristretto with silky steamed milk.",
        { delivery: false, optionGroups: [coffeeMilk], popularity: 860 },
      ],
      [
        "Cappuccino",
        330,
        "Espresso, steamed milk and a thick foam.",
        { delivery: false, sizes: coffeeSizes(330), optionGroups: [coffeeMilk], popularity: 640 },
      ],
      [
        "Caffè Latte",
        330,
        "Espresso with plenty of steamed milk.",
        { delivery: false, sizes: coffeeSizes(330), optionGroups: [coffeeMilk], popularity: 720 },
      ],
      ["English Breakfast Tea", 250, "A strong loose-leaf brew.", { delivery: false }],
      [
        "Hot Chocolate",
        350,
        "Made with 54% dark chocolate and steamed milk.",
        { delivery: false, optionGroups: [coffeeMilk] },
      ],
    ],
  },
];
