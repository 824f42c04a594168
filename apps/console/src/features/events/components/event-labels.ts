import type { QueueType } from '@wm/contracts';
import { queueTypeLabel } from '@/components/ui/status-badges';

export const QUEUE_TYPE_LABELS = queueTypeLabel;

export const QUEUE_TYPE_DESCRIPTIONS: Record<QueueType, string> = {
  IMMEDIATE: 'Entrega direta a cada emissão. Não recomendada para grande escala.',
  RABBITMQ: 'Fila com prioridade, TTL, intervalo entre envios e novas tentativas.',
  STANDARD: 'Indisponível: sem ordem já é o IMMEDIATE; em fila com ritmo, o RabbitMQ.',
  FIFO: 'Entrega na ordem de emissão por chave de ordenação (orderingKey); chaves em paralelo.',
};
