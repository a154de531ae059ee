import type { SeedCategory } from "./types";

/** Larder Bakehouse: the bakery-only store's counter. */
export const bakehouseCategories: SeedCategory[] = [
  {
    id: 31,
    slugText: "bread",
    name: "Bread",
    description: "Slow-fermented loaves, baked through the night.",
    image: "/catalogue/bakery.svg",
    items: [
      ["White Sourdough Loaf 800g", 450, "Our house loaf, fermented for 36 hours."],
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
      ["Butter Croissant", 180, "Flaky and light, with 28% butter."],
      ["Pain au Chocolat", 200, "Two batons of dark chocolate in croissant pastry."],
      ["Almond Croissant", 275, "Twice-baked with frangipane and flaked almonds."],
      ["Cinnamon Swirl", 250, "Cinnamon sugar rolled into buttery dough."],
      ["Sausage Roll", 300, "Free range pork in puff pastry."],
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
      ["Lemon Drizzle Slice", 300, "Zesty sponge soaked in lemon syrup."],
      ["Carrot Cake Slice", 350, "Spiced carrot cake with cream cheese frosting."],
      ["Chocolate Brownie", 300, "Fudgy dark chocolate brownie."],
      ["Portuguese Custard Tart", 250, "Crisp pastry and a caramelised custard."],
      ["Victoria Sponge Whole Cake", 1800, "Serves ten. Collection only so it arrives in one piece.", { delivery: false }],
    ],
  },
  {
    id: 34,
    slugText: "hot-drinks",
    name: "Hot drinks",
    description: "Coffee from our own roast, tea and hot chocolate. Collection only.",
    image: "/catalogue/tea-coffee.svg",
    items: [
      ["Flat White", 330, "Double ristretto with silky steamed milk.", { delivery: false }],
      ["Cappuccino", 330, "Espresso, steamed milk and a thick foam.", { delivery: false }],
      ["Caffè Latte", 330, "Espresso with plenty of steamed milk.", { delivery: false }],
      ["English Breakfast Tea", 250, "A strong loose-leaf brew.", { delivery: false }],
      ["Hot Chocolate", 350, "Made with 54% dark chocolate and steamed milk.", { delivery: false }],
    ],
  },
];
