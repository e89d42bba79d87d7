export default function SoporteTicketPage() {
  return null;
}
