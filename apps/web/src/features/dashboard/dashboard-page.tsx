/** Placeholder page of the route slot; the feature's owner replaces it. */
export default function DashboardPage() {
  return (
    <div className="container py-4">
      <h1 className="h3">Retailer report</h1>
    </div>
  );
}
