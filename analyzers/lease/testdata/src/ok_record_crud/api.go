// An HTTP API moves an order through its states by id, charging the card
// in between: one request, no worker. A request cut short leaves the
// order 'charging', which the client sees and retries; it is no job
// record, and the lease rule says nothing.
package ok_record_crud

import (
	"context"
	"net/http"
	"strconv"

	"ok_record_crud/store"
)

type Payments interface {
	Charge(ctx context.Context, orderID int64) error
}

type API struct {
	orders *store.Orders
	pay    Payments
}

func (a *API) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /orders/{id}/pay", func(w http.ResponseWriter, r *http.Request) {
		id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
		ctx := r.Context()
		if err := a.orders.SetStatus(ctx, id, "charging"); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if err := a.pay.Charge(ctx, id); err != nil {
			a.orders.SetStatus(ctx, id, "payment_failed")
			http.Error(w, err.Error(), http.StatusPaymentRequired)
			return
		}
		a.orders.SetStatus(ctx, id, "completed")
	})
}

// Ship marks a batch of orders shipped: a loop, but no work between the
// writes.
func (a *API) Ship(ctx context.Context, ids []int64) error {
	for _, id := range ids {
		if err := a.orders.SetStatus(ctx, id, "shipping"); err != nil {
			return err
		}
		if err := a.orders.SetStatus(ctx, id, "completed"); err != nil {
			return err
		}
	}
	return nil
}
