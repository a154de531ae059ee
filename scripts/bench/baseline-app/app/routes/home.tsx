export function meta() {
  return [{ title: "Bare page" }];
}

export default function Home() {
  return (
    <main>
      <h1>Bare page</h1>
      <p>The smallest server-rendered React Router page, measured beside the storefront.</p>
    </main>
  );
}
