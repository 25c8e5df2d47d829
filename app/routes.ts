import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/shop/layout.tsx", [
    index("routes/shop/home.tsx"),
    route("products", "routes/shop/products.tsx"),
    route("product/:id", "routes/shop/product.tsx"),
    route("category/:slug", "routes/shop/category.tsx"),
    route("panier", "routes/shop/panier.tsx"),
    route("boutique", "routes/shop/boutique.tsx"),
    route("profile", "routes/shop/profile.tsx"),
    route("dashboard", "routes/account/dashboard.tsx"),
    route("*", "routes/shop/not-found.tsx"),
  ]),
  route("admin", "routes/admin/index.tsx"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/v1/me", "routes/api/v1/me.ts"),
  route("api/v1/categories", "routes/api/v1/categories.ts"),
  route("api/v1/products", "routes/api/v1/products.ts"),
  route("api/v1/products/:id", "routes/api/v1/product.ts"),
  route("api/v1/openapi.json", "routes/api/v1/openapi.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("media/art/*", "routes/media/art.ts"),
] satisfies RouteConfig;
