import type { QueueType } from '@wm/contracts';

export const QUEUE_TYPE_LABELS: Record<QueueType, string> = {
  IMMEDIATE: 'Imediata',
  RABBITMQ: 'RabbitMQ',
  STANDARD: 'Standard',
  FIFO: 'FIFO',
};

export const QUEUE_TYPE_DESCRIPTIONS: Record<QueueType, string> = {
  IMMEDIATE: 'Entrega direta a cada emissão. Não recomendada para grande escala.',
  RABBITMQ: 'Fila com prioridade, TTL, intervalo entre envios e novas tentativas.',
  STANDARD: 'Indisponível no momento.',
  FIFO: 'Indisponível no momento.',
};
