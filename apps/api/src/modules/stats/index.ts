// What other modules may use of this one: the per-minute delivery figures' reader.
export { type DeliveryStatsRange, readDeliveryStats } from './read-delivery-stats';
