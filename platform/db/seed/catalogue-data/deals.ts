import { demoMenuGroupIds } from "./menu-group-ids";
import type { SeedDeal } from "./types";

const soloDrinks = ["Isotonic Sports Drink Orange 500ml", "Peach Iced Tea 500ml", "Chocolate Milkshake 330ml"];
const kitchenDrinks = ["Cola", "Diet Cola", "Sparkling Lemonade", "Still Water 500ml"];
const kitchenSides = ["Skin-On Fries", "Sweet Potato Fries", "Onion Rings x8", "Coleslaw Pot"];
const burgers = [
  "Classic Cheeseburger",
  "Double Smash Burger",
  "Bacon & Cheese Burger",
  "Crispy Chicken Burger",
  "Spicy Chicken Burger",
  "Halloumi & Roasted Pepper Burger",
  "Plant-Based Burger",
];

/** Multi-section deals, 3–4 a menu. Ids are fixed: they appear in deal page URLs. */
export const demoDeals: SeedDeal[] = [
  {
    id: 1,
    menuGroupId: demoMenuGroupIds.grocery,
    slugText: "meal-deal",
    name: "Meal Deal",
    description: "A sandwich or wrap, a snack and a drink for lunch.",
    image: "/catalogue/deli.svg",
    pricePence: 350,
    sections: [
      {
        name: "Main",
        quantity: 1,
        items: [
          "Chicken & Bacon Sandwich",
          "Egg Mayonnaise Sandwich",
          "Cheese & Pickle Sandwich",
          "Chicken Caesar Wrap",
          "Falafel & Red Pepper Wrap",
        ],
      },
      {
        name: "Snack",
        quantity: 1,
        items: ["Sea Salt Crisps 40g", "Salt & Vinegar Crisps 40g", "Mango", "Blueberries 150g"],
      },
      { name: "Drink", quantity: 1, items: soloDrinks },
    ],
  },
  {
    id: 2,
    menuGroupId: demoMenuGroupIds.grocery,
    slugText: "cheese-board",
    name: "Cheese board",
    description: "Any two cheeses and a pack of crackers.",
    image: "/catalogue/dairy.svg",
    pricePence: 450,
    sections: [
      {
        name: "Cheeses",
        quantity: 2,
        items: [
          "Larder Mature Cheddar Cheese",
          "Larder Extra Mature Cheddar 400g",
          "Red Leicester 350g",
          "Brie 200g",
          "Parmigiano Reggiano 200g",
        ],
      },
      { name: "Crackers", quantity: 1, items: ["Cream Crackers 200g", "Scottish Oatcakes 250g"] },
    ],
  },
  {
    id: 3,
    menuGroupId: demoMenuGroupIds.grocery,
    slugText: "pasta-night",
    name: "Pasta night",
    description: "Pasta, a sauce and a block of Parmigiano for a quick dinner.",
    image: "/catalogue/pasta.svg",
    pricePence: 500,
    sections: [
      { name: "Pasta", quantity: 1, items: ["Fusilli 500g", "Penne 500g", "Spaghetti 500g", "Farfalle 500g"] },
      { name: "Sauce", quantity: 1, items: ["Tomato & Basil Pasta Sauce 500g", "Basil Pesto 190g"] },
      { name: "Cheese", quantity: 1, items: ["Parmigiano Reggiano 200g"] },
    ],
  },
  {
    id: 4,
    menuGroupId: demoMenuGroupIds.grocery,
    slugText: "big-breakfast",
    name: "Big breakfast",
    description: "Eggs, bacon and bread for a weekend fry-up.",
    image: "/catalogue/meat.svg",
    pricePence: 450,
    sections: [
      { name: "Eggs", quantity: 1, items: ["Free Range Eggs x6", "Large Free Range Eggs x6"] },
      { name: "Bacon", quantity: 1, items: ["Smoked Back Bacon 300g", "Unsmoked Streaky Bacon 240g"] },
      {
        name: "Bread",
        quantity: 1,
        items: ["Thick Sliced White Bread 800g", "Medium Sliced Wholemeal Bread 800g", "Crumpets x6"],
      },
    ],
  },
  {
    id: 5,
    menuGroupId: demoMenuGroupIds.kitchen,
    slugText: "burger-meal",
    name: "Burger meal",
    description: "Any burger with a side and a drink.",
    image: "/catalogue/burger.svg",
    pricePence: 999,
    sections: [
      { name: "Burger", quantity: 1, items: burgers },
      { name: "Side", quantity: 1, items: kitchenSides },
      { name: "Drink", quantity: 1, items: kitchenDrinks },
    ],
  },
  {
    id: 6,
    menuGroupId: demoMenuGroupIds.kitchen,
    slugText: "pizza-night",
    name: "Pizza night",
    description: "Two pizzas and a side to share.",
    image: "/catalogue/pizza.svg",
    pricePence: 1799,
    sections: [
      {
        name: "Pizzas",
        quantity: 2,
        items: [
          "Margherita Pizza",
          "Pepperoni Pizza",
          "BBQ Chicken Pizza",
          "Vegetable Supreme Pizza",
          "Nduja & Hot Honey Pizza",
        ],
      },
      {
        name: "Side",
        quantity: 1,
        items: ["Cheesy Garlic Bread", "Skin-On Fries", "Mac & Cheese Bites x6", "Onion Rings x8"],
      },
    ],
  },
  {
    id: 7,
    menuGroupId: demoMenuGroupIds.kitchen,
    slugText: "curry-for-two",
    name: "Curry for two",
    description: "Two curries with two rice or naan.",
    image: "/catalogue/curry.svg",
    pricePence: 2199,
    sections: [
      {
        name: "Curries",
        quantity: 2,
        items: [
          "Chicken Tikka Masala",
          "Lamb Rogan Josh",
          "Chicken Korma",
          "Chicken Jalfrezi",
          "Saag Paneer",
          "Chana Masala",
        ],
      },
      { name: "Rice or naan", quantity: 2, items: ["Pilau Rice", "Garlic & Coriander Naan"] },
    ],
  },
  {
    id: 8,
    menuGroupId: demoMenuGroupIds.kitchen,
    slugText: "chicken-box",
    name: "Chicken box",
    description: "Fried chicken, a side and a drink.",
    image: "/catalogue/chicken.svg",
    pricePence: 699,
    sections: [
      { name: "Chicken", quantity: 1, items: ["Fried Chicken 3 Pieces", "Chicken Strips x5", "Popcorn Chicken"] },
      { name: "Side", quantity: 1, items: kitchenSides },
      { name: "Drink", quantity: 1, items: kitchenDrinks },
    ],
  },
  {
    id: 9,
    menuGroupId: demoMenuGroupIds.bakehouse,
    slugText: "coffee-and-cake",
    name: "Coffee & cake",
    description: "A coffee and a slice of cake. Collection only, like our coffee.",
    image: "/catalogue/cake.svg",
    pricePence: 500,
    delivery: false,
    sections: [
      { name: "Coffee", quantity: 1, items: ["Flat White", "Cappuccino", "Caffè Latte"] },
      {
        name: "Cake",
        quantity: 1,
        items: ["Lemon Drizzle Cake", "Carrot Cake", "Chocolate Brownie", "Portuguese Custard Tart"],
      },
    ],
  },
  {
    id: 10,
    menuGroupId: demoMenuGroupIds.bakehouse,
    slugText: "pastry-box",
    name: "Pastry box",
    description: "Any four pastries for the breakfast table.",
    image: "/catalogue/pastry.svg",
    pricePence: 700,
    sections: [
      {
        name: "Pastries",
        quantity: 4,
        items: ["Butter Croissant", "Pain au Chocolat", "Almond Croissant", "Cinnamon Swirl"],
      },
    ],
  },
  {
    id: 11,
    menuGroupId: demoMenuGroupIds.bakehouse,
    slugText: "bakehouse-lunch",
    name: "Bakehouse lunch",
    description: "A savoury bake and a sweet treat.",
    image: "/catalogue/bakery.svg",
    pricePence: 499,
    sections: [
      { name: "Savoury", quantity: 1, items: ["Sausage Roll", "Cheese & Onion Pasty"] },
      { name: "Sweet", quantity: 1, items: ["Chocolate Brownie", "Portuguese Custard Tart", "Cinnamon Swirl"] },
    ],
  },
];
