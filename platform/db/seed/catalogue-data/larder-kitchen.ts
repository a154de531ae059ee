import type { SeedCategory, SeedOptionGroup, SeedSize } from "./types";

const burgerExtras: SeedOptionGroup = {
  name: "Extras",
  min: 0,
  max: 3,
  options: [
    ["Extra cheese", 50],
    ["Smoked streaky bacon", 100],
    ["Fried egg", 75],
    ["Jalapeños", 50],
    ["Extra patty", 150],
  ],
};
const plantBurgerExtras: SeedOptionGroup = {
  name: "Extras",
  min: 0,
  max: 3,
  options: [
    ["Extra vegan cheese", 50],
    ["Crispy onions", 50],
    ["Jalapeños", 50],
    ["Extra plant patty", 150],
  ],
};

const pizzaSizes = (twelveInch: number): SeedSize[] => [
  ["10 inch", twelveInch - 200],
  ["12 inch", twelveInch],
  ["14 inch", twelveInch + 250],
];
const pizzaCrust: SeedOptionGroup = {
  name: "Crust",
  min: 1,
  max: 1,
  options: [
    ["Classic sourdough", 0],
    ["Thin and crispy", 0],
  ],
};
const pizzaToppings: SeedOptionGroup = {
  name: "Extra toppings",
  min: 0,
  max: 5,
  options: [
    ["Extra mozzarella", 100],
    ["Pepperoni", 100],
    ["Mushrooms", 100],
    ["Red onion", 100],
    ["Jalapeños", 100],
    ["Black olives", 100],
    ["Roasted peppers", 100],
  ],
};
const pizzaOptions = [pizzaCrust, pizzaToppings];

const spiceLevel: SeedOptionGroup = {
  name: "Spice level",
  min: 1,
  max: 1,
  options: [
    ["Mild", 0],
    ["Medium", 0],
    ["Hot", 0],
  ],
};
const curryRice: SeedOptionGroup = {
  name: "Rice",
  min: 0,
  max: 1,
  options: [
    ["Pilau rice", 275],
    ["Plain basmati rice", 225],
  ],
};
const curryOptions = [spiceLevel, curryRice];

const canSizes = (regular: number): SeedSize[] => [
  ["Regular 330ml can", regular],
  ["Large 500ml bottle", regular + 70],
];

/** Larder Kitchen: the hot-food takeaway menu. */
export const kitchenCategories: SeedCategory[] = [
  {
    id: 23,
    slugText: "burgers",
    name: "Burgers",
    description: "Smashed to order on the griddle and served in toasted brioche.",
    image: "/catalogue/burger.svg",
    items: [
      [
        "Classic Cheeseburger",
        750,
        "Quarter-pound beef patty, Cheddar, pickles, ketchup and mustard.",
        { optionGroups: [burgerExtras], popularity: 940 },
      ],
      [
        "Double Smash Burger",
        1050,
        "Two smashed beef patties, American cheese, onions and house sauce.",
        { optionGroups: [burgerExtras], popularity: 610 },
      ],
      [
        "Bacon & Cheese Burger",
        950,
        "Beef patty, smoked streaky bacon, Cheddar and burger relish.",
        { optionGroups: [burgerExtras], popularity: 420 },
      ],
      [
        "Crispy Chicken Burger",
        850,
        "Buttermilk fried chicken thigh, lettuce and garlic mayo.",
        { optionGroups: [burgerExtras], popularity: 530 },
      ],
      [
        "Spicy Chicken Burger",
        875,
        "Fried chicken in hot sauce, jalapeños and cooling slaw.",
        { optionGroups: [burgerExtras] },
      ],
      [
        "Halloumi & Roasted Pepper Burger",
        850,
        "Grilled halloumi, roasted red pepper and rocket. Vegetarian.",
        { optionGroups: [burgerExtras] },
      ],
      [
        "Plant-Based Burger",
        850,
        "A plant-based patty with vegan cheese and smoky mayo. Vegan.",
        { optionGroups: [plantBurgerExtras] },
      ],
    ],
  },
  {
    id: 24,
    slugText: "pizza",
    name: "Pizza",
    description: "Sourdough pizzas in three sizes, baked hot in the stone oven.",
    image: "/catalogue/pizza.svg",
    items: [
      [
        "Margherita Pizza",
        800,
        "San Marzano tomato, fior di latte and basil.",
        { sizes: pizzaSizes(1000), optionGroups: pizzaOptions, popularity: 820 },
      ],
      [
        "Pepperoni Pizza",
        1000,
        "Tomato, mozzarella and a double layer of pepperoni.",
        { sizes: pizzaSizes(1200), optionGroups: pizzaOptions, popularity: 760 },
      ],
      [
        "BBQ Chicken Pizza",
        1100,
        "Smoky barbecue base, chicken, red onion and peppers.",
        { sizes: pizzaSizes(1300), optionGroups: pizzaOptions, popularity: 380 },
      ],
      [
        "Vegetable Supreme Pizza",
        950,
        "Mushrooms, peppers, olives, red onion and sweetcorn.",
        { sizes: pizzaSizes(1150), optionGroups: pizzaOptions },
      ],
      [
        "Nduja & Hot Honey Pizza",
        1150,
        "Spicy nduja, mozzarella and a drizzle of chilli honey.",
        { sizes: pizzaSizes(1350), optionGroups: pizzaOptions },
      ],
    ],
  },
  {
    id: 25,
    slugText: "curries",
    name: "Curries",
    description: "Slow-cooked curries made fresh each day. Rice and naan are in Sides.",
    image: "/catalogue/curry.svg",
    items: [
      [
        "Chicken Tikka Masala",
        1050,
        "Chargrilled chicken tikka in a creamy, smoky tomato sauce.",
        { optionGroups: curryOptions, popularity: 700 },
      ],
      [
        "Lamb Rogan Josh",
        1250,
        "Tender lamb in a rich Kashmiri chilli and tomato sauce.",
        { optionGroups: curryOptions, popularity: 310 },
      ],
      [
        "Chicken Korma",
        1050,
        "Chicken in a creamy coconut and almond sauce.",
        { optionGroups: curryOptions, popularity: 450 },
      ],
      ["Chicken Jalfrezi", 1075, "Chicken with peppers, onions and green chillies.", { optionGroups: curryOptions }],
      ["Saag Paneer", 950, "Paneer cheese in spiced spinach. Vegetarian.", { optionGroups: curryOptions }],
      ["Chana Masala", 850, "Chickpeas in a tangy tomato and onion masala. Vegan.", { optionGroups: curryOptions }],
    ],
  },
  {
    id: 26,
    slugText: "fried-chicken",
    name: "Fried chicken",
    description: "Buttermilk-brined, double-coated and fried until crunchy.",
    image: "/catalogue/chicken.svg",
    items: [
      ["Fried Chicken 3 Pieces", 650, "Three pieces of bone-in fried chicken."],
      ["Fried Chicken Bucket 8 Pieces", 1599, "Eight pieces to share, with two dips.", { popularity: 480 }],
      ["Buffalo Chicken Wings x8", 750, "Tossed in buffalo hot sauce, with blue cheese dip."],
      ["Chicken Strips x5", 650, "Crispy breast strips with your choice of dip."],
      ["Popcorn Chicken", 450, "Bite-size crispy chicken pieces."],
    ],
  },
  {
    id: 27,
    slugText: "wraps-and-salads",
    name: "Wraps & salads",
    description: "Flatbread wraps from the grill and big, fresh salads.",
    image: "/catalogue/wrap.svg",
    items: [
      ["Chicken Shawarma Wrap", 850, "Spiced chicken, garlic sauce, pickles and salad in a flatbread."],
      ["Lamb Kofta Wrap", 900, "Grilled lamb koftas, minted yoghurt and pickled red onion."],
      ["Falafel & Houmous Wrap", 750, "Crispy falafel, houmous, tabbouleh and chilli sauce. Vegan."],
      ["Chicken Caesar Salad", 850, "Grilled chicken, cos lettuce, croutons, Parmesan and Caesar dressing."],
      ["Greek Salad", 750, "Feta, olives, tomato, cucumber and red onion. Vegetarian."],
    ],
  },
  {
    id: 28,
    slugText: "sides",
    name: "Sides",
    description: "Fries, rice, breads and everything else to go alongside.",
    image: "/catalogue/fries.svg",
    items: [
      ["Skin-On Fries", 300, "Crispy fries with sea salt.", { popularity: 990 }],
      ["Sweet Potato Fries", 375, "With smoked paprika salt."],
      ["Onion Rings x8", 350, "Beer-battered onion rings."],
      ["Cheesy Garlic Bread", 400, "Sourdough garlic bread with melted mozzarella.", { popularity: 350 }],
      ["Pilau Rice", 325, "Fragrant basmati with whole spices.", { popularity: 400 }],
      ["Garlic & Coriander Naan", 300, "Baked in the tandoor and brushed with garlic butter.", { popularity: 390 }],
      ["Coleslaw Pot", 200, "Fresh, crunchy homemade slaw."],
      ["Mac & Cheese Bites x6", 450, "Crumbed macaroni cheese, fried until golden."],
    ],
  },
  {
    id: 29,
    slugText: "desserts",
    name: "Desserts",
    description: "Something sweet to finish.",
    image: "/catalogue/dessert.svg",
    items: [
      ["Chocolate Fudge Brownie", 450, "Dense, gooey brownie with chocolate sauce.", { popularity: 260 }],
      ["Sticky Toffee Pudding", 550, "Warm date sponge with toffee sauce."],
      ["New York Cheesecake Slice", 500, "Baked vanilla cheesecake with a biscuit base."],
      ["Warm Cookie Dough Pot", 550, "Gooey chocolate chip cookie dough, baked to order."],
      ["Mango Kulfi", 375, "Traditional Indian ice cream with mango and cardamom."],
      [
        "Vanilla Ice Cream Tub 500ml",
        550,
        "Made with Cornish cream. Collection only, so it stays frozen.",
        { delivery: false },
      ],
    ],
  },
  {
    id: 30,
    slugText: "drinks",
    name: "Drinks",
    description: "Cold drinks to go with your meal.",
    image: "/catalogue/can.svg",
    items: [
      ["Cola", 150, "Ice cold.", { sizes: canSizes(150), popularity: 880 }],
      ["Diet Cola", 150, "Ice cold, no sugar.", { sizes: canSizes(150), popularity: 640 }],
      ["Sparkling Lemonade", 150, "Ice cold.", { sizes: canSizes(150) }],
      ["Still Water 500ml", 120, "British spring water."],
      [
        "Mango Lassi",
        375,
        "Blended yoghurt and Alphonso mango.",
        {
          sizes: [
            ["Regular", 375],
            ["Large", 475],
          ],
        },
      ],
      ["Energy Drink 250ml Can", 200, "High caffeine. Not recommended for children.", { age: 16 }],
      ["Indian Lager 330ml Bottle", 450, "Crisp lager, made for curry. 4.8% ABV.", { alcohol: true, age: 18 }],
    ],
  },
];
