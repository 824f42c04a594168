import { CheckCircle2, Eye, List } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { RuleIntegrationCode } from './rule-integration-code';

/** Shown after a rule is created: its integration code and the way to the list or to the rule. */
export function RuleCreated({ rule }: { rule: { id: string; name: string } }) {
  return (
    <div className="grid gap-6" data-testid="rule-created">
      <Card>
        <CardHeader className="items-center text-center">
          <CheckCircle2 className="size-10 text-success" />
          <CardTitle className="text-xl">Regra criada com sucesso!</CardTitle>
          <CardDescription>A regra "{rule.name}" foi criada.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" asChild>
            <Link to={paths.eventRules.list.getHref()}>
              <List />
              Ver Todas as Regras
            </Link>
          </Button>
          <Button asChild>
            <Link to={paths.eventRules.detail.getHref(rule.id)}>
              <Eye />
              Ver Detalhes da Regra
            </Link>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Código de Integração</CardTitle>
        </CardHeader>
        <CardContent>
          <RuleIntegrationCode ruleId={rule.id} />
        </CardContent>
      </Card>
    </div>
  );
}
