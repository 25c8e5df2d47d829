import { dropTemplate, prepareTemplate } from "./db";

export async function setup() {
  await prepareTemplate();
}

export async function teardown() {
  await dropTemplate();
}
