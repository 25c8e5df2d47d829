// Being written: replaced by the accounts feature.
export default function Pending() {
  return null;
}
