// The error of an expression that cannot be parsed or evaluated (bad syntax, wrong argument, a limit exceeded).
import { AppError } from '../errors';

export class ExpressionError extends AppError {
  constructor(message: string) {
    super('EXPRESSION_ERROR', 400, message);
  }
}
