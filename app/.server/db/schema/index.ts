export * from "./auth";
export * from "./catalog";
export * from "./orders";
export * from "./accounts";
export * from "./gift-cards";
