Feature: The timer
  Transcribes the section "The timer" ("El temporitzador"): the turn timer
  is off by default; whoever opens the room may choose 30, 45 or 60 seconds,
  or off; the limit to show a card is always 15 seconds.

  Time reaches the
  game only through the clock: a timer runs out when the clock actor ends it
  with an "expire" move, which legal() lists while that timer runs.  The
  15 seconds to show a card are HO-QUE-10 and HO-QUE-11.

  @HO-TIM-01
  Rule: The turn timer is off unless the room's opener chooses otherwise, and then the clock never ends a turn
    Source: The timer ¶36

    Example: in a room opened with the defaults, Anna's turn has no time limit
      Given a game of Anna, Bernat and Carla
      Then the clock may not end the turn timer

  @HO-TIM-02
  Rule: The opener may set the turn timer to 30, 45 or 60 seconds, or off; there is no other choice
    Source: The timer ¶36

    Scenario Outline: a <seconds>-second turn timer runs on Anna's turn
      Given a game of Anna, Bernat and Carla, with a <seconds>-second turn timer
      Then the turn timer is <seconds> seconds
      And the clock may end the turn timer of Anna

      Examples:
        | seconds |
        | 30      |
        | 45      |
        | 60      |

    Example: a room with the turn timer chosen off
      Given a game of Anna, Bernat and Carla, with the turn timer off
      Then the clock may not end the turn timer

    @setup
    Example: twenty seconds is not a choice
      When a private room is requested for Anna, Bernat and Carla, with a 20-second turn timer
      Then the request is refused as bad_request

  @HO-TIM-03
  Rule: The limit to show a card is 15 seconds whatever the turn timer
    Source: The timer ¶36

    Example: with the turn timer off the show timer still runs
      Given a game of Anna, Bernat and Carla, with the turn timer off
      And Bernat holds Marcus
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then the show timer is 15 seconds
      And the clock may end the show timer of Bernat

    Example: with a 60-second turn timer the show timer is still 15 seconds
      Given a game of Anna, Bernat and Carla, with a 60-second turn timer
      And Bernat holds Marcus
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then the show timer is 15 seconds
      And the clock may end the show timer of Bernat

  @HO-TIM-04 @ruling
  Rule: A timer ends only through the clock, and only while it runs: a player cannot end one, and the clock cannot end a timer that is not running
    Time is an input like the dice: the game never reads a clock, so a timer
    runs out only as a move of the clock, made only while the timer runs.

    Source: The timer ¶36

    Example: Anna cannot end her own turn timer
      Given a game of Anna, Bernat and Carla, with a 30-second turn timer
      When Anna tries to send {"type": "expire", "timer": "turn"}
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    @needs:HO-QUE-10
    Example: on Anna's turn nobody must show, so the clock cannot end the show timer
      Given a game of Anna, Bernat and Carla, with a 30-second turn timer
      When the clock tries to end the show timer
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @HO-TIM-05 @ruling
  Rule: When the turn timer runs out, the turn ends where it stands: what was done stays, a move not yet confirmed is dropped, nothing more is done, and the next seat plays
    The page does not say what happens.  Ending the turn at once is the least
    the limit can do and takes no decision away from anyone else.

    Source: The timer ¶36

    Example: before rolling, Anna loses her turn
      Given a game of Anna, Bernat and Carla, with a 30-second turn timer
      And Anna stands in the Study
      When the turn timer runs out
      Then Anna stands in the Study
      And it is Bernat's turn
      And the case log ends with:
        | entry                         |
        | the turn timer of Anna ran out |

    Example: a selected place not confirmed is dropped and the pawn stays
      Given a game of Anna, Bernat and Carla, with a 30-second turn timer
      And Anna stands in the Study
      When Anna rolls 3 and 4
      And Anna selects the Kitchen
      And the turn timer runs out
      Then Anna stands in the Study
      And it is Bernat's turn

    Example: in the Kitchen without a question, the pawn stays and no question is asked
      Given a game of Anna, Bernat and Carla, with a 45-second turn timer
      And Anna has just entered the Kitchen
      When the turn timer runs out
      Then Anna stands in the Kitchen
      And it is Bernat's turn

    Example: after her question, Anna's time for the accusation runs out
      Given a game of Anna, Bernat and Carla, with a 60-second turn timer
      And Bernat holds Marcus
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And every question is answered
      And the turn timer runs out
      Then it is Bernat's turn
      And Anna is not out

  @HO-TIM-06 @ruling
  Rule: The turn timer pauses while another player must show a card: the clock cannot end the turn then, and can again once the card is shown
    The 15 seconds are the answerer's time, not the asker's; the asker's turn
    cannot run out while they wait.

    Source: The timer ¶36; Questioning ¶24

    Example: while Bernat chooses, only his 15 seconds run
      Given a game of Anna, Bernat and Carla, with a 30-second turn timer
      And Bernat holds Marcus
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then the clock may end the show timer of Bernat
      When Bernat shows Marcus
      Then the clock may end the turn timer of Anna

    Example: nor can the turn run out while a bot is the one to show
      Given a game of Anna, the Hard bot Rook and Bernat, with a 30-second turn timer
      And Rook holds Marcus
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      Then the clock may not end the turn timer

  @HO-TIM-07 @ruling
  Rule: The timers are fixed when the room opens and stay the same all game: no move changes them
    The page gives the choice to whoever opens the room, before play.

    Source: The timer ¶36

    Example: Anna cannot change the turn timer during the game
      Given a game of Anna, Bernat and Carla, with a 30-second turn timer
      When Anna tries to send {"type": "set_turn_timer", "seconds": 60}
      Then the action is rejected as bad_request
      And the game is exactly as it was
      And the turn timer is 30 seconds

  @HO-TIM-08 @ruling
  Rule: The tutorial has no turn timer, but the 15 seconds to show a card still run
    Nobody opens the tutorial's room to choose a turn timer, and a learner
    needs time; the page says the limit to show a card always applies.

    Source: The timer ¶36; Your first game ¶38

    Example: the learner's turn has no time limit
      Given the tutorial for Anna
      Then the clock may not end the turn timer

    @setup
    Example: a tutorial cannot be asked for with a turn timer
      When the tutorial is requested for Anna, with a 30-second turn timer
      Then the request is refused as bad_request

    Example: the learner has 15 seconds to show a card to a bot
      Given the tutorial for Anna
      And Anna holds the Kitchen
      And Tito has just entered the Kitchen
      When the bots play
      Then the clock may end the show timer of Anna
