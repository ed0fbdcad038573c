package api

import (
	"net/http"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/domain"
)

// routeComments registers the comment threads of communications and saved
// campaigns and the inbox. A comment is addressed under its
// record, so the same four routes serve both kinds.
func (s *Server) routeComments(r *mux.Router) {
	for _, k := range []struct{ path, kind string }{
		{"/communications", domain.ThreadCommunication}, {"/campaigns", domain.ThreadCampaign},
	} {
		r.HandleFunc(k.path+"/{id}/comments", s.listComments(k.kind)).Methods(http.MethodGet)
		r.HandleFunc(k.path+"/{id}/comments", s.addComment(k.kind)).Methods(http.MethodPost)
		r.HandleFunc(k.path+"/{id}/comments/{commentId}", s.editComment(k.kind)).Methods(http.MethodPatch)
		r.HandleFunc(k.path+"/{id}/comments/{commentId}", s.deleteComment(k.kind)).Methods(http.MethodDelete)
	}
	r.HandleFunc("/inbox", s.inbox).Methods(http.MethodGet)
	r.HandleFunc("/inbox/read", s.markInboxRead).Methods(http.MethodPost)
}

type commentInput struct {
	Text    opt[string] `json:"text"`
	ReplyTo opt[string] `json:"replyTo"`
}

type inboxReadInput struct {
	IDs []string `json:"ids"`
}

// InboxUnread is the answer of POST /api/inbox/read.
type InboxUnread struct {
	Unread int `json:"unread"`
}

func (s *Server) listComments(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		thread, err := s.plan.Comments(r.Context(), kind, mux.Vars(r)["id"])
		s.answer(w, r, http.StatusOK, thread, err)
	}
}

func (s *Server) addComment(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in commentInput
		if err := decode(w, r, &in, MaxJSONBody); err != nil {
			s.fail(w, r, err)
			return
		}
		c, err := s.plan.AddComment(r.Context(), kind, mux.Vars(r)["id"], in.Text.or(""), in.ReplyTo.or(""))
		s.answer(w, r, http.StatusCreated, c, err)
	}
}

func (s *Server) editComment(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in commentInput
		if err := decode(w, r, &in, MaxJSONBody); err != nil {
			s.fail(w, r, err)
			return
		}
		v := mux.Vars(r)
		if _, err := s.plan.CommentOf(r.Context(), kind, v["id"], v["commentId"]); err != nil {
			s.fail(w, r, err)
			return
		}
		c, err := s.plan.EditComment(r.Context(), v["commentId"], in.Text.or(""))
		s.answer(w, r, http.StatusOK, c, err)
	}
}

func (s *Server) deleteComment(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v := mux.Vars(r)
		if _, err := s.plan.CommentOf(r.Context(), kind, v["id"], v["commentId"]); err != nil {
			s.fail(w, r, err)
			return
		}
		if err := s.plan.DeleteComment(r.Context(), v["commentId"]); err != nil {
			s.fail(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

func (s *Server) inbox(w http.ResponseWriter, r *http.Request) {
	page, err := s.plan.Inbox(r.Context())
	s.answer(w, r, http.StatusOK, page, err)
}

func (s *Server) markInboxRead(w http.ResponseWriter, r *http.Request) {
	var in inboxReadInput
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	n, err := s.plan.MarkInboxRead(r.Context(), in.IDs)
	s.answer(w, r, http.StatusOK, InboxUnread{Unread: n}, err)
}
