import * as grpc from '@grpc/grpc-js';
import express from 'express';
import { HealthImplementation } from 'grpc-health-check';

/**
 * bench:ops's servers, in a process of their own as in the stack, so that their CPU is measured
 * apart from the client's: express with a JSON body parser answering a POST with a card-sized JSON
 * object (the gateway's cheapest mutation with no session, validation or downstream call), and a
 * gRPC server with the health service (the smallest unary call). Sends both ports to its parent.
 */
const card = {
  id: 1,
  player: { id: 7, name: 'A Player', team: 'A Team', position: 'MF', currentPrice: 1234, rarity: 'rare' },
  serial: 'x'.repeat(32),
  listed: false,
};
const app = express();
app.use(express.json());
app.post('/api/market/buy/:id', (req, res) => {
  res.json({ card: { ...card, id: Number(req.params.id) }, cookie: req.headers.cookie?.length ?? 0 });
});
const grpcServer = new grpc.Server();
new HealthImplementation({ '': 'SERVING' }).addToServer(grpcServer);

const http = app.listen(0, '127.0.0.1', () => {
  grpcServer.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, grpcPort) => {
    if (error) throw error;
    const address = http.address();
    process.send?.({ http: typeof address === 'object' && address ? address.port : 0, grpc: grpcPort });
  });
});
process.on('disconnect', () => {
  grpcServer.forceShutdown();
  http.close(() => process.exit(0));
});
