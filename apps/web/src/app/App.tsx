export function App() {
  return <div>Tessera</div>;
}
