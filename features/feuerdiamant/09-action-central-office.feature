Feature: Action d: draw a detective card in the Central Office
  Transcribes the rulebook section "d. ACTION: Draw a detective card in the
  Central Office".

  @FD-CO-01
  Rule: A figure standing in the Central Office may take the top detective card as its action
    Source: Game Sequence ¶64-66

    Example: Peter draws in the Central Office
      Given a 2-player game at difficulty 1
      And it is Peter's action step on "Zentrale"
      When Peter draws a detective card
      Then chance is to draw a detective card
      And 1 detective cards are to be drawn for Peter
      When chance draws "Recall"
      Then Peter holds "Recall"

    Example: not elsewhere
      Given a 2-player game at difficulty 1
      And it is Peter's action step on "Rathaus"
      When Peter tries to draw a detective card
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @FD-CO-02
  Rule: Once the detective stack is used up, the Central Office gives no card
    Source: Game Sequence ¶65

    Example: an empty stack
      Given a 2-player game at difficulty 1
      And the detective stack is empty
      And it is Peter's action step on "Zentrale"
      Then Peter cannot draw a detective card
