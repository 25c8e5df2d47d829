export * from "./auth";
export * from "./catalog";
export * from "./orders";
export * from "./accounts";
export * from "./promotions";
export * from "./gift-cards";
export * from "./payments";
export * from "./invoices";
